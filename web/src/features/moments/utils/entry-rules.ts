// What an entry may be (zod), fetched by the entry input after the moment page has drawn.
export { commentSchema } from '@moments/shared';
