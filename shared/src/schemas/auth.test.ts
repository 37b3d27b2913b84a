import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  appleSignInSchema,
  checkProfileImage,
  checkUserSchema,
  invitePhoneSchema,
  inviteProfileSchema,
  loginSchema,
  onboardSchema,
  onboardingSchema,
  phoneNumberSchema,
  profileNameSchema,
  profileDetailsSchema,
  profileUpdateSchema,
  requestCodeSchema,
  signupSchema,
  verifySchema,
} from './auth';

/** The messages a value fails with ([] when it passes). */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const E164_MESSAGE = 'Please enter a valid phone number in E.164 format (+1234567890).';
const PHONE = '+14155552671';

describe('phoneNumberSchema', () => {
  it('accepts + then 10 and 15 digits', () => {
    expect(messages(phoneNumberSchema, '+1234567890')).toEqual([]);
    expect(messages(phoneNumberSchema, '+123456789012345')).toEqual([]);
  });

  it('refuses + then 9 or 16 digits', () => {
    expect(messages(phoneNumberSchema, '+123456789')).toEqual([E164_MESSAGE]);
    expect(messages(phoneNumberSchema, '+1234567890123456')).toEqual([E164_MESSAGE]);
  });

  it('refuses a number without +, with punctuation, or missing', () => {
    expect(messages(phoneNumberSchema, '14155552671')).toEqual([E164_MESSAGE]);
    expect(messages(phoneNumberSchema, '+1 415 555 2671')).toEqual([E164_MESSAGE]);
    expect(messages(phoneNumberSchema, undefined)).toEqual([E164_MESSAGE]);
  });
});

describe('requestCodeSchema', () => {
  it('defaults isSignUp to false', () => {
    expect(requestCodeSchema.parse({ phoneNumber: PHONE })).toEqual({
      phoneNumber: PHONE,
      isSignUp: false,
    });
  });

  it('takes a journal id and a reCAPTCHA token', () => {
    const body = { phoneNumber: PHONE, isSignUp: true, journalId: 'j1', recaptchaToken: 't' };
    expect(requestCodeSchema.parse(body)).toEqual(body);
  });

  it('refuses a bad phone number and a numeric journal id', () => {
    expect(messages(requestCodeSchema, { phoneNumber: '555' })).toEqual([E164_MESSAGE]);
    expect(messages(requestCodeSchema, { phoneNumber: PHONE, journalId: 7 })).toEqual([
      'Invalid id',
    ]);
  });
});

describe('signupSchema', () => {
  const valid = { phoneNumber: PHONE, firstName: 'Ada', lastName: 'Lovelace', termsAccepted: true };

  it('accepts the sign-up payload, with or without an email, and trims names', () => {
    expect(signupSchema.parse({ ...valid, firstName: '  Ada ', email: '' })).toEqual({
      ...valid,
      email: '',
    });
    expect(signupSchema.parse({ ...valid, email: 'ada@example.com' }).email).toBe(
      'ada@example.com',
    );
  });

  it('requires first and last name', () => {
    expect(messages(signupSchema, { ...valid, firstName: '', lastName: '   ' })).toEqual([
      'First name is required',
      'Last name is required',
    ]);
    expect(messages(signupSchema, { phoneNumber: PHONE, termsAccepted: true })).toEqual([
      'First name is required',
      'Last name is required',
    ]);
  });

  it('refuses an invalid email', () => {
    expect(messages(signupSchema, { ...valid, email: 'ada@' })).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('requires the terms to be accepted', () => {
    expect(messages(signupSchema, { ...valid, termsAccepted: false })).toEqual([
      'You must accept the terms and conditions',
    ]);
    expect(messages(signupSchema, { ...valid, termsAccepted: undefined })).toEqual([
      'You must accept the terms and conditions',
    ]);
  });

  it('takes the invite flow fields, with a token of at most 64 characters', () => {
    const invite = { skipVerification: true, journalId: 'j1', inviteToken: 'x'.repeat(64) };
    expect(signupSchema.parse({ ...valid, ...invite })).toMatchObject(invite);
    expect(messages(signupSchema, { ...valid, inviteToken: 'x'.repeat(65) })).toEqual([
      'Invalid invite token',
    ]);
  });

  it('refuses a bad phone number', () => {
    expect(messages(signupSchema, { ...valid, phoneNumber: '4155552671' })).toEqual([E164_MESSAGE]);
  });

  it('drops fields it does not know (the server decides who the user is)', () => {
    expect(signupSchema.parse({ ...valid, isAdmin: true })).not.toHaveProperty('isAdmin');
  });
});

describe('verifySchema', () => {
  const CODE_MESSAGE = 'Verification code must be 6 digits';

  it('accepts a 6-digit code', () => {
    expect(verifySchema.parse({ phoneNumber: PHONE, code: '012345' })).toEqual({
      phoneNumber: PHONE,
      code: '012345',
    });
  });

  it('refuses 5 or 7 characters, and non-digits, with one message', () => {
    expect(messages(verifySchema, { phoneNumber: PHONE, code: '12345' })).toEqual([CODE_MESSAGE]);
    expect(messages(verifySchema, { phoneNumber: PHONE, code: '1234567' })).toEqual([CODE_MESSAGE]);
    expect(messages(verifySchema, { phoneNumber: PHONE, code: '12a456' })).toEqual([CODE_MESSAGE]);
    expect(messages(verifySchema, { phoneNumber: PHONE })).toEqual([CODE_MESSAGE]);
  });

  it('refuses a bad phone number', () => {
    expect(messages(verifySchema, { phoneNumber: '+1', code: '123456' })).toEqual([E164_MESSAGE]);
  });
});

describe('checkUserSchema', () => {
  it('takes a phone number', () => {
    expect(checkUserSchema.parse({ phoneNumber: PHONE })).toEqual({ phoneNumber: PHONE });
    expect(messages(checkUserSchema, {})).toEqual([E164_MESSAGE]);
  });
});

describe('onboardSchema', () => {
  it('requires the first name only; the rest is optional', () => {
    expect(
      onboardSchema.parse({ firstName: 'Ada', lastName: 'L', profilePictureUrl: null }),
    ).toEqual({ firstName: 'Ada', lastName: 'L', profilePictureUrl: null });
    expect(onboardSchema.parse({ firstName: 'Ada', lastName: '', email: '' })).toEqual({
      firstName: 'Ada',
      lastName: '',
      email: '',
    });
    expect(messages(onboardSchema, { firstName: ' ', lastName: '' })).toEqual([
      'First name is required',
    ]);
    expect(messages(onboardSchema, { firstName: 'Ada', email: 'ada.example.com' })).toEqual([
      'Please enter a valid email',
    ]);
  });

  it('limits names to 100 characters', () => {
    expect(messages(onboardSchema, { firstName: 'a'.repeat(101), lastName: 'L' })).toEqual([
      'First name must be at most 100 characters',
    ]);
  });
});

describe('onboardingSchema', () => {
  const valid = { phoneNumber: PHONE, firstName: 'Ada', lastName: 'Lovelace' };

  it('defaults termsAccepted to true', () => {
    expect(onboardingSchema.parse(valid).termsAccepted).toBe(true);
    expect(onboardingSchema.parse({ ...valid, termsAccepted: false }).termsAccepted).toBe(false);
  });

  it('takes gender, preference lists and a picture as a data URL, a string or null', () => {
    const full = {
      ...valid,
      gender: 'female',
      preferences: ['travel'],
      sharingPreferences: ['family'],
      profilePictureUrl: 'data:image/png;base64,AAAA',
    };
    expect(onboardingSchema.parse(full)).toEqual({ ...full, termsAccepted: true });
    expect(onboardingSchema.parse({ ...valid, profilePictureUrl: null }).profilePictureUrl).toBe(
      null,
    );
  });

  it('requires a phone number and both names', () => {
    expect(messages(onboardingSchema, {})).toEqual([
      E164_MESSAGE,
      'First name is required',
      'Last name is required',
    ]);
  });

  it('refuses preferences that are not lists of text', () => {
    expect(onboardingSchema.safeParse({ ...valid, preferences: 'travel' }).success).toBe(false);
    expect(onboardingSchema.safeParse({ ...valid, sharingPreferences: [1] }).success).toBe(false);
  });
});

describe('loginSchema', () => {
  it('requires a username and a password', () => {
    expect(messages(loginSchema, { username: '', password: '' })).toEqual([
      'Username is required',
      'Password is required',
    ]);
    expect(messages(loginSchema, {})).toEqual(['Username is required', 'Password is required']);
  });

  it('trims the username but not the password', () => {
    expect(loginSchema.parse({ username: ' admin ', password: ' secret ' })).toEqual({
      username: 'admin',
      password: ' secret ',
    });
  });
});

describe('profileNameSchema and profileUpdateSchema', () => {
  it('require both names, with the sign-up messages', () => {
    expect(messages(profileNameSchema, { firstName: '', lastName: '' })).toEqual([
      'First name is required',
      'Last name is required',
    ]);
    expect(profileNameSchema.parse({ firstName: ' Ada', lastName: 'L ' })).toEqual({
      firstName: 'Ada',
      lastName: 'L',
    });
  });

  it('take an optional recovery email that may be empty', () => {
    const names = { firstName: 'Ada', lastName: 'L' };
    for (const schema of [profileDetailsSchema, profileUpdateSchema]) {
      expect(schema.parse(names)).toEqual(names);
      expect(schema.parse({ ...names, email: '' })).toEqual({ ...names, email: '' });
      expect(schema.parse({ ...names, email: ' a@b.co ' }).email).toBe('a@b.co');
      expect(messages(schema, { ...names, email: 'nope' })).toEqual([
        'Please enter a valid email address',
      ]);
    }
  });

  it('the details form requires both names', () => {
    expect(messages(profileDetailsSchema, { email: 'a@b.co' })).toEqual([
      'First name is required',
      'Last name is required',
    ]);
  });

  it('the PATCH body takes a picture or an email alone, and checks names that are sent', () => {
    expect(profileUpdateSchema.parse({ profilePictureUrl: '/api/users/u/picture/p' })).toEqual({
      profilePictureUrl: '/api/users/u/picture/p',
    });
    expect(profileUpdateSchema.parse({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
    expect(profileUpdateSchema.parse({ firstName: 'Ada' })).toEqual({ firstName: 'Ada' });
    expect(messages(profileUpdateSchema, { lastName: ' ' })).toEqual(['Last name is required']);
    expect(messages(profileUpdateSchema, {})).toEqual(['Nothing to update']);
  });
});

describe('invitePhoneSchema', () => {
  it('accepts a valid number as typed', () => {
    expect(messages(invitePhoneSchema, { phoneNumber: '(415) 555-2671' })).toEqual([]);
    expect(messages(invitePhoneSchema, { phoneNumber: '+14155552671' })).toEqual([]);
  });

  it('refuses fewer than 10 characters with one message', () => {
    expect(messages(invitePhoneSchema, { phoneNumber: '(415) 555' })).toEqual([
      'Please enter a valid phone number',
    ]);
    expect(messages(invitePhoneSchema, { phoneNumber: '' })).toEqual([
      'Please enter a valid phone number',
    ]);
  });

  it('refuses 10 characters that are not a real number', () => {
    expect(messages(invitePhoneSchema, { phoneNumber: '0000000000' })).toEqual([
      'Please enter a valid US phone number',
    ]);
    expect(messages(invitePhoneSchema, { phoneNumber: '(555) 555-5555' })).toEqual([
      'Please enter a valid US phone number',
    ]);
  });
});

describe('inviteProfileSchema', () => {
  it('requires only the first name', () => {
    expect(inviteProfileSchema.parse({ firstName: ' Ada ' })).toEqual({ firstName: 'Ada' });
    expect(messages(inviteProfileSchema, { firstName: '' })).toEqual(['First name is required']);
  });

  it('takes an empty or valid email, and refuses an invalid one', () => {
    expect(messages(inviteProfileSchema, { firstName: 'Ada', lastName: '', email: '' })).toEqual(
      [],
    );
    expect(messages(inviteProfileSchema, { firstName: 'Ada', email: 'ada@example.com' })).toEqual(
      [],
    );
    expect(messages(inviteProfileSchema, { firstName: 'Ada', email: 'ada.example.com' })).toEqual([
      'Please enter a valid email',
    ]);
  });
});

describe('appleSignInSchema', () => {
  it('takes the code and the state', () => {
    expect(appleSignInSchema.parse({ code: 'c', state: 's' })).toEqual({ code: 'c', state: 's' });
  });

  it('requires the code', () => {
    expect(messages(appleSignInSchema, { code: '', state: 's' })).toEqual([
      'The sign-in code is missing',
    ]);
  });
});

describe('checkProfileImage', () => {
  const MB = 1024 * 1024;

  it('accepts an image under 5 MB', () => {
    expect(checkProfileImage({ type: 'image/jpeg', size: 5 * MB - 1 })).toBeNull();
  });

  it('refuses a file that is not an image', () => {
    expect(checkProfileImage({ type: 'application/pdf', size: 100 })).toMatchObject({
      title: 'Invalid file type',
      description: 'Please select an image file',
    });
  });

  it('refuses an image of 5 MB or more', () => {
    expect(checkProfileImage({ type: 'image/png', size: 5 * MB })).toMatchObject({
      title: 'File too large',
      description: 'Please select an image under 5MB',
    });
  });
});
