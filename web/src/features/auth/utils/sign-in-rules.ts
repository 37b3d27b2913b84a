// The sign-in requests' schemas and the phone number's validity: zod and the schemas, about
// 25 KB compressed (the phone metadata came with the formatting, ./phone-format.ts). The sign-in
// screen draws its form without them and fetches this module once the number typed may be whole
// (load-sign-in-rules.ts), so they are not on the way to its first paint, nor starting up while
// the person begins to type.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  codeRequestAnswerSchema,
  normalizePhoneNumber,
  phoneNumberSchema,
  requestCodeSchema,
  signupSchema,
  verifySchema,
} from '@moments/shared';
import { z } from 'zod';

export { codeRequestAnswerSchema, requestCodeSchema, signupSchema, verifySchema };

// The request body's own schema; the field holds the number as displayed "(415) 555-2671",
// normalised to E.164 before the schema checks it.
export const phoneFormSchema = requestCodeSchema.extend({
  phoneNumber: z.string().transform(normalizePhoneNumber).pipe(phoneNumberSchema),
});

export const phoneFormResolver = zodResolver(phoneFormSchema);
