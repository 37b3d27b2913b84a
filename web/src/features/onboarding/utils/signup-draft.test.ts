import { describe, expect, it } from 'vitest';
import { sessionStorageForEachTest } from '../../../testing/storage';
import {
  SIGNUP_DRAFT_KEY,
  clearSignupDraft,
  readSignupDraft,
  saveSignupDraft,
} from './signup-draft';

const storage = sessionStorageForEachTest();

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
