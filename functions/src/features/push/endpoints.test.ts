import { describe, expect, it } from 'vitest';
import { deviceIdOf, isAllowedPushEndpoint } from './endpoints';

describe('isAllowedPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGx8',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('takes the browsers’ push services: %s', (endpoint) => {
    expect(isAllowedPushEndpoint(endpoint)).toBe(true);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
    ['a look-alike host', 'https://fcm.googleapis.com.evil.example/x'],
    ['a suffix without the dot', 'https://evilnotify.windows.com/x'],
    ['the metadata server', 'http://169.254.169.254/computeMetadata/v1/'],
    ['an internal address', 'https://10.0.0.1/push'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/abc'],
  ])('refuses %s', (_case, endpoint) => {
    expect(isAllowedPushEndpoint(endpoint)).toBe(false);
  });

  it('takes the local stand-in only when its origin is given (under the emulators)', () => {
    const endpoint = 'http://127.0.0.1:9321/push/abc';
    expect(isAllowedPushEndpoint(endpoint)).toBe(false);
    expect(isAllowedPushEndpoint(endpoint, 'http://127.0.0.1:9321')).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:9322/push/abc', 'http://127.0.0.1:9321')).toBe(
      false,
    );
  });
});

describe('deviceIdOf', () => {
  it('is the same for one endpoint, different for another, and does not contain it', () => {
    const a = 'https://fcm.googleapis.com/fcm/send/a';
    expect(deviceIdOf(a)).toBe(deviceIdOf(a));
    expect(deviceIdOf(a)).not.toBe(deviceIdOf(`${a}b`));
    expect(deviceIdOf(a)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
