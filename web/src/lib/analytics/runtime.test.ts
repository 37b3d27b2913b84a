import { analyticsConfigSchema } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { readAnalyticsConfig } from './runtime';

describe('readAnalyticsConfig', () => {
  const valid = [
    { token: 'project-token', apiHost: 'https://api-js.mixpanel.com', recordSessionsPercent: 10 },
    { token: null, apiHost: null, recordSessionsPercent: 0 },
    { token: 't', apiHost: 'http://127.0.0.1:9000', recordSessionsPercent: 100 },
  ];
  const invalid: unknown[] = [
    null,
    'token',
    {},
    { token: '', apiHost: null, recordSessionsPercent: 0 },
    { token: 7, apiHost: null, recordSessionsPercent: 0 },
    { token: 't', apiHost: 'javascript:alert(1)', recordSessionsPercent: 0 },
    { token: 't', apiHost: null, recordSessionsPercent: 101 },
    { token: 't', apiHost: null, recordSessionsPercent: '10' },
  ];

  it('takes what the shared schema takes', () => {
    for (const answer of valid) {
      expect(analyticsConfigSchema.safeParse(answer).success).toBe(true);
      expect(readAnalyticsConfig(answer)).toEqual(answer);
    }
  });

  it('refuses what the shared schema refuses, so analytics stay off', () => {
    for (const answer of invalid) {
      expect(analyticsConfigSchema.safeParse(answer).success).toBe(false);
      expect(() => readAnalyticsConfig(answer)).toThrow('not valid');
    }
  });
});
