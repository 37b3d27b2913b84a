import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REDIRECT_AFTER_LOGIN_KEY,
  incrementAuthRetryCount,
  saveRedirectAfterLogin,
  takeRedirectAfterLogin,
} from './session';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

let storage: Storage;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { sessionStorage: storage });
});

afterEach(() => vi.unstubAllGlobals());

describe('redirectAfterLogin', () => {
  it('is read once, then forgotten', () => {
    saveRedirectAfterLogin('/journals/abc?openShareModal=true');
    expect(storage.getItem(REDIRECT_AFTER_LOGIN_KEY)).toBe('/journals/abc?openShareModal=true');
    expect(takeRedirectAfterLogin()).toBe('/journals/abc?openShareModal=true');
    expect(takeRedirectAfterLogin()).toBeNull();
  });

  it('never saves a sign-in page', () => {
    saveRedirectAfterLogin('/auth?signup=true');
    saveRedirectAfterLogin('/');
    expect(takeRedirectAfterLogin()).toBeNull();
  });

  it('ignores anything that is not a same-origin path', () => {
    storage.setItem(REDIRECT_AFTER_LOGIN_KEY, '//evil.example/x');
    expect(takeRedirectAfterLogin()).toBeNull();
    storage.setItem(REDIRECT_AFTER_LOGIN_KEY, '/\\evil.example/x');
    expect(takeRedirectAfterLogin()).toBeNull();
    storage.setItem(REDIRECT_AFTER_LOGIN_KEY, 'https://evil.example/');
    expect(takeRedirectAfterLogin()).toBeNull();
  });
});

describe('incrementAuthRetryCount', () => {
  it('counts Try Again presses in session storage', () => {
    expect(incrementAuthRetryCount()).toBe(1);
    expect(incrementAuthRetryCount()).toBe(2);
  });
});
