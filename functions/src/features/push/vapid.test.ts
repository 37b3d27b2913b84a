import { describe, expect, it } from 'vitest';
import { parseProductionSettings } from '../../lib/settings';
import { vapidDetails } from './vapid';

const required = { APP_ORIGIN: 'https://moments.example', WEB_API_KEY: 'key' };
const pair = {
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'A'.repeat(43),
  VAPID_SUBJECT: 'mailto:push@moments.example',
};

describe('Web Push settings', () => {
  it('are all three or none; off without them', () => {
    expect(parseProductionSettings(required).ok).toBe(true);
    expect(parseProductionSettings({ ...required, ...pair }).ok).toBe(true);
    expect(vapidDetails({})).toBeNull();
    expect(vapidDetails(pair)).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
      subject: pair.VAPID_SUBJECT,
    });
    const half = parseProductionSettings({ ...required, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY });
    expect(half).toMatchObject({ ok: false });
    if (!half.ok) {
      expect(half.problems.join('\n')).toMatch(/VAPID_PRIVATE_KEY is required when Web Push is on/);
      expect(half.problems.join('\n')).toMatch(/VAPID_SUBJECT is required when Web Push is on/);
    }
  });

  it('refuse a key of the wrong size and a subject that is not a contact', () => {
    const bad = parseProductionSettings({
      ...required,
      ...pair,
      VAPID_PRIVATE_KEY: 'A'.repeat(40),
      VAPID_SUBJECT: 'push@moments.example',
    });
    expect(bad).toMatchObject({ ok: false });
    if (!bad.ok) {
      expect(bad.problems.join('\n')).toMatch(/VAPID_PRIVATE_KEY must be the 32-byte key/);
      expect(bad.problems.join('\n')).toMatch(/VAPID_SUBJECT must start with mailto: or https:/);
    }
  });
});
