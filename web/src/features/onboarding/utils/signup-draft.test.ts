import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SIGNUP_DRAFT_KEY,
  clearSignupDraft,
  readSignupDraft,
  saveSignupDraft,
} from './signup-draft';

let storage: Map<string, string>;

beforeEach(() => {
  storage = new Map();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('signup draft', () => {
  it('is empty at first and merges what each step saves', () => {
    expect(readSignupDraft()).toEqual({});
    saveSignupDraft({ phoneNumber: '+16505550123', firstName: 'Ada', lastName: 'L' });
    saveSignupDraft({ lastName: 'Lovelace' });
    expect(readSignupDraft()).toEqual({
      phoneNumber: '+16505550123',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('ignores stored text that is not a draft', () => {
    storage.set(SIGNUP_DRAFT_KEY, '{not json');
    expect(readSignupDraft()).toEqual({});
    storage.set(SIGNUP_DRAFT_KEY, JSON.stringify({ phoneNumber: 42 }));
    expect(readSignupDraft()).toEqual({});
  });

  it('is forgotten when cleared', () => {
    saveSignupDraft({ firstName: 'Ada' });
    clearSignupDraft();
    expect(storage.has(SIGNUP_DRAFT_KEY)).toBe(false);
    expect(readSignupDraft()).toEqual({});
  });
});
