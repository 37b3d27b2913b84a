import { describe, expect, it } from 'vitest';
import {
  ADMIN_LOGIN_ERRORS,
  AUTH_ERROR_CARD,
  INVITE_FLOW_ERRORS,
  MOMENT_ERRORS,
  ONBOARDING_ERRORS,
  adminLoginError,
  appleSignInAlert,
  completeProfileFailedToast,
  onboardingFailedToast,
  pinFailedToast,
  postEntryFailedToast,
  signInCodeError,
  signupError,
  timelineLoadError,
  verifyError,
} from './errors';
import { HttpError, retryDelay, shouldRetryQuery } from './http-error';
import {
  ACCOUNT_ERRORS,
  JOURNAL_ACCESS_NOT_READY_TOAST,
  PROFILE_IMAGE_TOASTS,
  SUCCESS_TOASTS,
  logoutFailedToast,
} from './toasts';

const TOO_MANY = 'Too many attempts. Please wait and try again later.';
const SERVER = 'Server error. Our team has been notified. Please try again in a few minutes.';

describe('HttpError', () => {
  it('reads "status: body text"', () => {
    const error = new HttpError(409, 'Already registered', 'Conflict');
    expect(error.message).toBe('409: Already registered');
    expect(error.status).toBe(409);
    expect(error).toBeInstanceOf(Error);
  });

  it('falls back to the status text when the body is empty', () => {
    expect(new HttpError(502, '', 'Bad Gateway').message).toBe('502: Bad Gateway');
  });

  it('is built from a fetch response', async () => {
    const response = new Response('{"message":"Journal not found"}', {
      status: 404,
      statusText: 'Not Found',
    });
    const error = await HttpError.fromResponse(response);
    expect(error.message).toBe('404: {"message":"Journal not found"}');
    expect(error.serverMessage).toBe('Journal not found');
  });

  it('has no server message when the body is not the API JSON', () => {
    expect(new HttpError(500, 'oops').serverMessage).toBeUndefined();
    expect(new HttpError(500, '{"error":"x"}').serverMessage).toBeUndefined();
    expect(new HttpError(500, '{"message":""}').serverMessage).toBeUndefined();
  });
});

describe('shouldRetryQuery', () => {
  it('never retries a 401 or a 403', () => {
    expect(shouldRetryQuery(0, new HttpError(401, 'Unauthorized'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('403: Forbidden'))).toBe(false);
  });

  it('retries other failures up to 2 times', () => {
    const error = new HttpError(500, 'boom');
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });

  it('retries errors that are not Error objects too', () => {
    expect(shouldRetryQuery(0, 'network down')).toBe(true);
  });

  it('takes a lower limit for the moments screens (one retry)', () => {
    expect(shouldRetryQuery(0, new Error('500: x'), 1)).toBe(true);
    expect(shouldRetryQuery(1, new Error('500: x'), 1)).toBe(false);
  });
});

describe('retryDelay', () => {
  it('starts at 1000 ms and doubles', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('is capped at 30000 ms', () => {
    expect(retryDelay(5)).toBe(30000);
    expect(retryDelay(20)).toBe(30000);
  });
});

describe('signInCodeError', () => {
  const noAccount = {
    message: "Looks like there's no account for this number. Sign up instead?",
    toast: {
      title: 'No account found',
      description: "We didn't find an account with that number. Want to create one?",
      action: { label: 'Continue to Sign Up', href: '/onboarding-screen-1' },
      duration: 10000,
    },
  };

  it('offers sign-up on a 404', () => {
    expect(signInCodeError(404)).toEqual(noAccount);
  });

  it('offers sign-up when the message says "No account found", whatever the status', () => {
    expect(signInCodeError(400, '400: {"message":"No account found for this number"}')).toEqual(
      noAccount,
    );
  });

  it("says a disabled account is disabled (the server's 403 sentence)", () => {
    const disabled = 'This account has been disabled. Please contact support.';
    expect(signInCodeError(403, `403: {"message":"${disabled}"}`)).toEqual({
      message: disabled,
      toast: { title: 'Failed to send code', description: disabled, variant: 'destructive' },
    });
  });

  it.each([
    [401, 'Authentication error. Please try again.'],
    [403, 'Authentication error. Please try again.'],
    [429, TOO_MANY],
    [500, SERVER],
    [503, SERVER],
  ])('maps %s to its message by the form alone, with no toast', (status, message) => {
    expect(signInCodeError(status)).toEqual({ message });
  });

  it.each([[400], [undefined]])(
    'maps %s (the "otherwise" row) to its message and the "Failed to send code" toast',
    (status) => {
      const message = 'Failed to send verification code. Please try again.';
      expect(signInCodeError(status)).toEqual({
        message,
        toast: { title: 'Failed to send code', description: message, variant: 'destructive' },
      });
    },
  );
});

describe('signupError', () => {
  it.each([
    [409, 'This phone number is already registered. Try signing in instead.'],
    [401, 'Authentication error. Please check your information and try again.'],
    [403, 'Authentication error. Please check your information and try again.'],
    [429, TOO_MANY],
    [500, SERVER],
  ])('maps %s to its message by the form alone, with no toast', (status, message) => {
    expect(signupError(status)).toEqual({ message });
  });

  it.each([[400], [undefined]])(
    'maps %s (the "otherwise" row) to its message and the "Failed to create account" toast',
    (status) => {
      const message = 'Failed to create account. Please check your information and try again.';
      expect(signupError(status)).toEqual({
        message,
        toast: { title: 'Failed to create account', description: message, variant: 'destructive' },
      });
    },
  );
});

describe('verifyError', () => {
  it.each([
    [401, 'Invalid verification code. Please try again.'],
    [403, 'Invalid verification code. Please try again.'],
    [404, 'Phone number not found. Please sign up first.'],
    [410, 'Verification code expired. Please request a new code.'],
    [429, TOO_MANY],
    [599, SERVER],
    [400, 'The verification code is incorrect or has expired. Please try again.'],
  ])('maps %s to its message, in a "Verification failed" toast', (status, message) => {
    expect(verifyError(status)).toEqual({
      message,
      toast: { title: 'Verification failed', description: message, variant: 'destructive' },
    });
  });
});

describe('invite flow, onboarding, account and moment messages', () => {
  it('has the invite flow texts', () => {
    expect(INVITE_FLOW_ERRORS.sendCode).toBe(
      "We couldn't send a verification code. Please try again.",
    );
    expect(INVITE_FLOW_ERRORS.verify).toBe(
      'The verification code is incorrect or has expired. Please try again.',
    );
    expect(completeProfileFailedToast()).toEqual({
      title: 'Profile completion failed',
      description: "We couldn't complete your profile. Please try again.",
      variant: 'destructive',
    });
  });

  it('has the onboarding texts', () => {
    expect(ONBOARDING_ERRORS.uploadImage).toBe('Failed to upload image');
    expect(onboardingFailedToast()).toEqual({
      title: 'Failed to update profile',
      description: 'Failed to complete profile',
      variant: 'destructive',
    });
  });

  it('has the picture checks of the onboarding form', () => {
    expect(PROFILE_IMAGE_TOASTS.invalidType).toMatchObject({
      title: 'Invalid file type',
      description: 'Please select an image file',
    });
    expect(PROFILE_IMAGE_TOASTS.tooLarge).toMatchObject({
      title: 'File too large',
      description: 'Please select an image under 5MB',
    });
  });

  it('shows a logout failure with the error message', () => {
    expect(logoutFailedToast(new Error('500: down'))).toEqual({
      title: 'Logout failed',
      description: '500: down',
      variant: 'destructive',
    });
  });

  it('has the user refresh failure toast', () => {
    expect(ACCOUNT_ERRORS.refreshUserToast).toMatchObject({
      title: 'Failed to refresh user data',
      description: 'There was an error refreshing your profile. Please try again.',
    });
  });

  it('shows a failed entry with the server message, else the fallback', () => {
    expect(postEntryFailedToast('Comment text is required')).toEqual({
      title: 'Error',
      description: 'Comment text is required',
      variant: 'destructive',
    });
    expect(postEntryFailedToast()).toMatchObject({
      title: 'Error',
      description: 'Failed to post entry. Please try again.',
    });
  });

  it('has the delete failure toast', () => {
    expect(MOMENT_ERRORS.deleteToast).toMatchObject({
      title: 'Error deleting moment',
      description: 'There was a problem deleting this moment. Please try again.',
    });
  });

  it('tells pin from unpin failures', () => {
    expect(pinFailedToast(true)).toMatchObject({
      title: 'Error',
      description: 'Failed to pin the moment',
    });
    expect(pinFailedToast(false)).toMatchObject({
      title: 'Error',
      description: 'Failed to unpin the moment',
    });
  });

  it('shows a timeline load error by its message, else the fallback', () => {
    expect(timelineLoadError(new Error('Network down'))).toBe('Network down');
    expect(timelineLoadError(new HttpError(403, '{"message":"Not a member"}'))).toBe(
      'Not a member',
    );
    expect(timelineLoadError(new HttpError(500, ''))).toBe(
      'Unable to load timeline entries. Please try again later.',
    );
    expect(timelineLoadError(undefined)).toBe(
      'Unable to load timeline entries. Please try again later.',
    );
  });

  it('has the authentication error card', () => {
    expect(AUTH_ERROR_CARD).toEqual({
      title: 'Authentication Error',
      text: "We're having trouble connecting to your account. This might be due to a network issue or session timeout.",
    });
  });

  it('writes the platform sign-in alert, with "Authentication failed" when no message came', () => {
    expect(appleSignInAlert('Sign in with Apple was cancelled.')).toBe(
      'Apple Sign-In Error: Sign in with Apple was cancelled.',
    );
    // Anyone can write the URL: other text never reaches the page.
    expect(appleSignInAlert('Call Apple Support at evil.example')).toBe(
      'Apple Sign-In Error: Authentication failed',
    );
    expect(appleSignInAlert(null)).toBe('Apple Sign-In Error: Authentication failed');
    expect(appleSignInAlert('')).toBe('Apple Sign-In Error: Authentication failed');
  });

  it('has the "Journal access not ready" toast', () => {
    expect(JOURNAL_ACCESS_NOT_READY_TOAST).toEqual({
      title: 'Journal access not ready',
      description: 'Taking you to your home page instead.',
    });
  });
});

describe('success toasts', () => {
  it('have the spec texts', () => {
    expect(SUCCESS_TOASTS.entryAdded.title).toBe('Entry added');
    expect(SUCCESS_TOASTS.momentDeleted).toMatchObject({
      title: 'Moment deleted',
      description: 'The moment has been removed from your collection',
    });
    expect(SUCCESS_TOASTS.momentPinned).toMatchObject({
      title: 'Moment pinned',
      description: 'This moment will now appear at the top of your list',
    });
    expect(SUCCESS_TOASTS.momentUnpinned).toMatchObject({
      title: 'Moment unpinned',
      description: 'This moment has been unpinned',
    });
  });

  it('show "Invite accepted!" for 3 s', () => {
    expect(SUCCESS_TOASTS.inviteAccepted).toMatchObject({
      title: 'Invite accepted!',
      description: 'The shared journal has been added to your collection.',
      duration: 3000,
    });
  });
});

describe('adminLoginError', () => {
  const answer = (status: number, message?: string) =>
    new HttpError(status, message ? JSON.stringify({ message }) : '');

  it('says the credentials are wrong on a 401', () => {
    expect(adminLoginError(answer(401, 'Please sign in.'))).toBe('Invalid username or password.');
  });

  it('says how long a locked account waits on a 423', () => {
    expect(adminLoginError(answer(423))).toBe(
      'Too many failed attempts. Please try again in 15 minutes.',
    );
  });

  it('maps 429 and 5xx like the other sign-in errors', () => {
    expect(adminLoginError(answer(429))).toBe(TOO_MANY);
    expect(adminLoginError(answer(503))).toBe(SERVER);
  });

  it('falls back to a generic message, also when no answer came', () => {
    expect(adminLoginError(answer(400))).toBe(ADMIN_LOGIN_ERRORS.failed);
    expect(adminLoginError(new TypeError('Failed to fetch'))).toBe(ADMIN_LOGIN_ERRORS.failed);
  });
});
