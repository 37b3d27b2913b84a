import { describe, expect, it } from 'vitest';
import { mayShowUpdateNotice } from './may-show-update-notice';

describe('mayShowUpdateNotice', () => {
  it('allows the signed-in screens', () => {
    for (const path of [
      '/home',
      '/profile',
      '/journals/abc',
      '/moment/new',
      '/moment/x/edit',
      '/admin',
    ]) {
      expect(mayShowUpdateNotice(path), path).toBe(true);
    }
  });

  it('never interrupts public, invite, sign-up or onboarding paths', () => {
    for (const path of [
      '/',
      '/auth',
      '/admin/login',
      '/invite-preview/t',
      '/invite/t',
      '/signup/phone',
      '/onboarding-screen-1',
      '/onboarding-screen-4',
      '/onboarding-screen-7',
      '/onboarding/welcome',
      '/onboarding/7',
    ]) {
      expect(mayShowUpdateNotice(path), path).toBe(false);
    }
  });
});
