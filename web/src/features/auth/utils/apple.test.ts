import { describe, expect, it } from 'vitest';
import {
  appleAuthorizeUrl,
  appleCallbackResult,
  appleFailurePath,
  appleFlowForPath,
  isAppleLandingPath,
  appleSuccessPath,
} from './apple';

describe('appleAuthorizeUrl', () => {
  it('asks for a code by query, back at /auth/apple-callback, with the state', () => {
    const url = new URL(
      appleAuthorizeUrl({
        authorizeUrl: 'https://appleid.apple.com/auth/authorize',
        clientId: 'com.example.web',
        origin: 'https://moments.example',
        state: 'abc',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://appleid.apple.com/auth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      response_mode: 'query',
      client_id: 'com.example.web',
      redirect_uri: 'https://moments.example/auth/apple-callback',
      state: 'abc',
    });
  });
});

describe('isAppleLandingPath', () => {
  it("takes up a code only on the flows' own pages", () => {
    for (const path of ['/', '/auth', '/onboarding-screen-1', '/onboarding/welcome']) {
      expect(isAppleLandingPath(path)).toBe(true);
    }
    for (const path of ['/profile', '/invite/abc', '/home', '/admin']) {
      expect(isAppleLandingPath(path)).toBe(false);
    }
  });
});

describe('appleCallbackResult', () => {
  it("forwards Apple's code and state to the page of the flow that started", () => {
    const params = new URLSearchParams({ code: 'c.1', state: 's&1' });
    expect(appleCallbackResult(params, 'app')).toEqual({
      ok: true,
      to: '/?apple_code=c.1&apple_state=s%261',
    });
    expect(appleCallbackResult(params, 'onboarding')).toEqual({
      ok: true,
      to: '/onboarding-screen-1?apple_code=c.1&apple_state=s%261',
    });
  });

  it('turns an error from Apple into a failed sign-in', () => {
    const cancelled = new URLSearchParams({ error: 'user_cancelled_authorize', state: 's' });
    expect(appleCallbackResult(cancelled, 'app')).toEqual({
      ok: false,
      message: 'Sign in with Apple was cancelled.',
    });
    expect(appleCallbackResult(new URLSearchParams({ error: 'invalid_request' }), 'app')).toEqual({
      ok: false,
      message: 'Authentication failed',
    });
  });

  it('has nothing to do without a code or an error', () => {
    expect(appleCallbackResult(new URLSearchParams(), 'app')).toBeNull();
  });
});

describe('where each flow leads', () => {
  it('picks the flow from the page the code landed on', () => {
    expect(appleFlowForPath('/')).toBe('app');
    expect(appleFlowForPath('/auth')).toBe('app');
    expect(appleFlowForPath('/onboarding-screen-1')).toBe('onboarding');
    expect(appleFlowForPath('/onboarding/welcome')).toBe('onboarding');
  });

  it('the app-level handler goes to /home; the onboarding one by subscription', () => {
    const known = { needsOnboarding: false };
    expect(appleSuccessPath('app', { ...known, hasSubscription: true })).toBe('/home');
    expect(appleSuccessPath('onboarding', { ...known, hasSubscription: true })).toBe(
      '/onboarding-screen-2',
    );
    expect(appleSuccessPath('onboarding', { ...known, hasSubscription: false })).toBe('/subscribe');
  });

  it('a new account is asked for its name first, in either flow', () => {
    const fresh = { needsOnboarding: true, hasSubscription: false };
    expect(appleSuccessPath('app', fresh)).toBe('/signup/name');
    expect(appleSuccessPath('onboarding', fresh)).toBe('/signup/name');
  });

  it('the app-level failure goes to /auth with error=apple_auth_failed and the message', () => {
    const url = new URL(appleFailurePath('Nope & no'), 'http://x');
    expect(url.pathname).toBe('/auth');
    expect(url.searchParams.get('error')).toBe('apple_auth_failed');
    expect(url.searchParams.get('message')).toBe('Nope & no');
  });
});
