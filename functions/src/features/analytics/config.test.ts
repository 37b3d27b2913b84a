import { describe, expect, it, vi } from 'vitest';
import { readAnalyticsConfig } from './config';

describe('readAnalyticsConfig', () => {
  it('is off without a token, with replay at 0 %', () => {
    expect(readAnalyticsConfig({})).toEqual({
      token: null,
      apiHost: null,
      recordSessionsPercent: 0,
    });
  });

  it('reads the token, the host (without a trailing slash) and the replay share', () => {
    expect(
      readAnalyticsConfig({
        ANALYTICS_TOKEN: ' abc123 ',
        ANALYTICS_API_HOST: 'https://api-eu.example.com/',
        ANALYTICS_REPLAY_PERCENT: '12.5',
      }),
    ).toEqual({
      token: 'abc123',
      apiHost: 'https://api-eu.example.com',
      recordSessionsPercent: 12.5,
    });
  });

  it('turns analytics off rather than start them half-configured', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const bad of [
      { ANALYTICS_TOKEN: 't', ANALYTICS_REPLAY_PERCENT: '150' },
      { ANALYTICS_TOKEN: 't', ANALYTICS_REPLAY_PERCENT: 'ten' },
      { ANALYTICS_TOKEN: 't', ANALYTICS_API_HOST: 'javascript:alert(1)' },
    ]) {
      expect(readAnalyticsConfig(bad).token).toBeNull();
    }
    expect(log).toHaveBeenCalledTimes(3);
    log.mockRestore();
  });
});
