import { describe, expect, it } from 'vitest';
import {
  REDIRECT_AFTER_LOGIN_KEY,
  incrementAuthRetryCount,
  saveRedirectAfterLogin,
  takeRedirectAfterLogin,
} from './session';
import { sessionStorageForEachTest } from '../../../testing/storage';

const storage = sessionStorageForEachTest();

describe('redirectAfterLogin', () => {
  it('is read once, then forgotten', () => {
    saveRedirectAfterLogin('/journals/abc?openShareModal=true');
    expect(storage.get(REDIRECT_AFTER_LOGIN_KEY)).toBe('/journals/abc?openShareModal=true');
    expect(takeRedirectAfterLogin()).toBe('/journals/abc?openShareModal=true');
    expect(takeRedirectAfterLogin()).toBeNull();
  });

  it('never saves a sign-in page', () => {
    saveRedirectAfterLogin('/auth?signup=true');
    saveRedirectAfterLogin('/');
    expect(takeRedirectAfterLogin()).toBeNull();
  });

  it('ignores anything that is not a same-origin path', () => {
    storage.set(REDIRECT_AFTER_LOGIN_KEY, '//evil.example/x');
    expect(takeRedirectAfterLogin()).toBeNull();
    storage.set(REDIRECT_AFTER_LOGIN_KEY, '/\\evil.example/x');
    expect(takeRedirectAfterLogin()).toBeNull();
    storage.set(REDIRECT_AFTER_LOGIN_KEY, 'https://evil.example/');
    expect(takeRedirectAfterLogin()).toBeNull();
  });
});

describe('incrementAuthRetryCount', () => {
  it('counts Try Again presses in session storage', () => {
    expect(incrementAuthRetryCount()).toBe(1);
    expect(incrementAuthRetryCount()).toBe(2);
  });
});
