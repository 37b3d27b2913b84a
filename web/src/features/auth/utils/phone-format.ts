// The phone field's formatting as the person types: libphonenumber's, without zod. The sign-in
// screen fetches it right after it has drawn, then the rules (./sign-in-rules.ts) in a task of
// their own (./load-sign-in-rules.ts).
export { formatPhoneInput } from '@moments/shared';
