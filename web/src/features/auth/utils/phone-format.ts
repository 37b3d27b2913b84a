// The phone field's formatting as the person types: libphonenumber's, without zod. The sign-in
// screen fetches it right after it has drawn; the rules (./sign-in-rules.ts) come once a number
// has been typed (./load-sign-in-rules.ts).
export { formatPhoneInput } from '@moments/shared';
