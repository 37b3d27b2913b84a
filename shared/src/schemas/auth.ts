// Request bodies and forms of sign-in, sign-up and onboarding. The same schema
// validates the form, types the client call and guards the function. Messages are the spec's.

import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  INVITE_TOKEN_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PROFILE_IMAGE_MAX_BYTES,
  VERIFICATION_CODE_LENGTH,
} from '../constants';
import { AUTH_SERVER_MESSAGES } from '../auth-messages';
import { PROFILE_IMAGE_TOASTS, type ToastSpec } from '../toasts';
import { isValidPhoneNumber, normalizePhoneNumber } from '../phone';
import { idSchema } from './ids';

export const AUTH_VALIDATION_MESSAGES = {
  phoneE164: 'Please enter a valid phone number in E.164 format (+1234567890).',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  signupEmail: 'Please enter a valid email address',
  termsRequired: 'You must accept the terms and conditions',
  codeLength: 'Verification code must be 6 digits',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  invitePhoneShort: 'Please enter a valid phone number',
  invitePhoneInvalid: 'Please enter a valid US phone number',
  inviteEmail: 'Please enter a valid email',
  appleCodeRequired: 'The sign-in code is missing',
  nothingToUpdate: 'Nothing to update',
  inviteTokenInvalid: 'Invalid invite token',
} as const;

const M = AUTH_VALIDATION_MESSAGES;

const E164 = new RegExp(`^\\+\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`);

/** E.164: a plus sign, then 10 to 15 digits. */
export const phoneNumberSchema = z.string({ error: M.phoneE164 }).trim().regex(E164, M.phoneE164);

function requiredName(label: string, message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`);
}

const firstName = requiredName('First name', M.firstNameRequired);
const lastName = requiredName('Last name', M.lastNameRequired);
const optionalLastName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, `Last name must be at most ${NAME_MAX_LENGTH} characters`)
  .optional();

/** An optional email that may also be sent as "" (the field left empty). */
function optionalEmail(message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(EMAIL_MAX_LENGTH, message)
    .pipe(z.union([z.literal(''), z.email(message)]))
    .optional();
}

/** The name POST /api/upload gives a profile picture (random, never reused). */
export const PROFILE_PICTURE_NAME = /^profile-[A-Za-z0-9_-]{16,64}\.webp$/;
/** `/api/users/<uid>/picture/<name>` is far shorter; a copy goes into every moment of the person. */
const PROFILE_PICTURE_URL_MAX_LENGTH = 256;
const profilePictureUrl = z
  .string()
  .max(PROFILE_PICTURE_URL_MAX_LENGTH, AUTH_SERVER_MESSAGES.pictureNotUploaded)
  .nullable()
  .optional();

const inviteToken = z
  .string({ error: M.inviteTokenInvalid })
  .min(1, M.inviteTokenInvalid)
  .max(INVITE_TOKEN_MAX_LENGTH, M.inviteTokenInvalid);

/** POST /api/auth/request-code. `recaptchaToken`: the reCAPTCHA answer Firebase Auth asks for. */
export const requestCodeSchema = z.object({
  phoneNumber: phoneNumberSchema,
  isSignUp: z.boolean().default(false),
  journalId: idSchema.optional(),
  recaptchaToken: z.string().optional(),
});

/**
 * The answer of POST /api/auth/request-code. `codeSent` is false when a code for the number was
 * still pending: then nothing was sent and `sentAt` and `expiresAt` are that code's, which still
 * works (ISO 8601).
 */
export const codeRequestAnswerSchema = z.object({
  success: z.literal(true),
  codeSent: z.boolean(),
  sentAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  expiresInSeconds: z.number().int().positive(),
});

/** The answer of POST /api/auth/signup: a code request's, with the number it was for. */
export const signupAnswerSchema = codeRequestAnswerSchema.extend({
  phoneNumber: phoneNumberSchema,
});

/** POST /api/auth/signup, and the sign-up form. The invite flow adds the last three fields. */
export const signupSchema = z.object({
  phoneNumber: phoneNumberSchema,
  firstName,
  lastName,
  email: optionalEmail(M.signupEmail),
  termsAccepted: z.literal(true, { error: M.termsRequired }),
  isSignUp: z.boolean().optional(),
  skipVerification: z.boolean().optional(),
  journalId: idSchema.optional(),
  inviteToken: inviteToken.optional(),
});

/** POST /api/auth/verify. The spec asks for 6 characters; they must be digits too. */
export const verifySchema = z.object({
  phoneNumber: phoneNumberSchema,
  code: z
    .string({ error: M.codeLength })
    .trim()
    .length(VERIFICATION_CODE_LENGTH, { error: M.codeLength, abort: true })
    .regex(/^\d+$/, M.codeLength),
});

/** POST /api/auth/check-user. */
export const checkUserSchema = z.object({ phoneNumber: phoneNumberSchema });

/**
 * POST /api/auth/onboard. Only the first name is required; the invite flow's
 * profile step (inviteProfileSchema) also sends an optional recovery email.
 */
export const onboardSchema = z.object({
  firstName,
  lastName: optionalLastName,
  email: optionalEmail(M.inviteEmail),
  profilePictureUrl,
});

/** The onboarding form: phone number, both names and an optional picture. */
export const onboardingSchema = z.object({
  phoneNumber: phoneNumberSchema,
  firstName,
  lastName,
  gender: z.string().optional(),
  preferences: z.array(z.string()).optional(),
  sharingPreferences: z.array(z.string()).optional(),
  /** A data URL or a plain string (an uploaded image's URL). */
  profilePictureUrl: z.string().nullable().optional(),
  termsAccepted: z.boolean().default(true),
});

/** The admin login (username and password). Passwords are taken as typed, not trimmed. */
export const loginSchema = z.object({
  username: z.string({ error: M.usernameRequired }).trim().min(1, M.usernameRequired),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired),
});

export const profileNameSchema = z.object({ firstName, lastName });

/** The onboarding profile form: only the first name is required. */
export const onboardingProfileSchema = z.object({ firstName, lastName: optionalLastName });

/** My Account's details form: both names and the optional recovery email. */
export const profileDetailsSchema = profileNameSchema.extend({
  email: optionalEmail(M.signupEmail),
});

/**
 * PATCH /api/user: any of the names, the recovery email ("" clears it) and the picture, so a
 * picture-only or email-only change needs no names. A name that is sent is checked as in the form.
 */
export const profileUpdateSchema = z
  .object({
    firstName: firstName.optional(),
    lastName: lastName.optional(),
    email: optionalEmail(M.signupEmail),
    profilePictureUrl,
    shareUsageData: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), M.nothingToUpdate);

/** The invite flow's phone step, on the number as typed (for example "(415) 555-2671"). */
export const invitePhoneSchema = z.object({
  phoneNumber: z
    .string({ error: M.invitePhoneShort })
    .trim()
    .min(10, { error: M.invitePhoneShort, abort: true })
    .refine((raw) => isValidPhoneNumber(normalizePhoneNumber(raw)), M.invitePhoneInvalid),
});

/** The invite flow's profile step. */
export const inviteProfileSchema = z.object({
  firstName,
  lastName: optionalLastName,
  email: optionalEmail(M.inviteEmail),
});

/**
 * POST /api/auth/apple. The server refuses a state other than the one it gave this browser (a
 * missing one included); the page itself only warns about a mismatch, as the spec says.
 */
export const appleSignInSchema = z.object({
  code: z.string({ error: M.appleCodeRequired }).min(1, M.appleCodeRequired).max(2048),
  state: z.string().max(256).optional(),
});

export type PhoneNumber = z.infer<typeof phoneNumberSchema>;
export type RequestCodeInput = z.infer<typeof requestCodeSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
export type CodeRequestAnswer = z.infer<typeof codeRequestAnswerSchema>;
export type SignupAnswer = z.infer<typeof signupAnswerSchema>;
export type VerifyInput = z.infer<typeof verifySchema>;
export type CheckUserInput = z.infer<typeof checkUserSchema>;
export type OnboardInput = z.infer<typeof onboardSchema>;
export type OnboardingInput = z.infer<typeof onboardingSchema>;
export type LoginInput = z.infer<typeof loginSchema>;
export type ProfileNameInput = z.infer<typeof profileNameSchema>;
export type OnboardingProfileInput = z.infer<typeof onboardingProfileSchema>;
export type ProfileDetailsInput = z.infer<typeof profileDetailsSchema>;
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
export type InvitePhoneInput = z.infer<typeof invitePhoneSchema>;
export type InviteProfileInput = z.infer<typeof inviteProfileSchema>;
export type AppleSignInInput = z.infer<typeof appleSignInSchema>;

/**
 * The onboarding form's check of a chosen picture: an image type, under 5 MB.
 * Returns the toast to show, or null when the file is fine.
 */
export function checkProfileImage(file: { type: string; size: number }): ToastSpec | null {
  if (!file.type.startsWith('image/')) return PROFILE_IMAGE_TOASTS.invalidType;
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return PROFILE_IMAGE_TOASTS.tooLarge;
  return null;
}
