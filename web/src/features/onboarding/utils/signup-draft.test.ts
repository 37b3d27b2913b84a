import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubSessionStorage } from '../../../testing/storage';
import {
  SIGNUP_DRAFT_KEY,
  clearSignupDraft,
  readSignupDraft,
  saveSignupDraft,
} from './signup-draft';

let storage: Map<string, string>;

beforeEach(() => {
  storage = stubSessionStorage();
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
