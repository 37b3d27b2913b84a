import { describe, expect, it } from 'vitest';
import { pushMessageSchema, pushTagForJournal } from '@moments/shared';
import { readPushMessage, readPushText } from './push-message';

const notification = {
  title: '3 new entries in Lake weekend',
  body: 'Leo: We found the trail 🥾',
  navigate: 'https://moments.example/journals/j1',
  tag: pushTagForJournal('j1'),
};

const samples: Record<string, unknown> = {
  'a full message': { web_push: 8030, app_badge: 4, notification: { ...notification, lang: 'en', dir: 'ltr', silent: false } },
  'only what is required': { web_push: 8030, notification: { title: 'T', navigate: notification.navigate, tag: 't' } },
  'a badge of 0': { web_push: 8030, app_badge: 0, notification },
  'another format number': { web_push: 8031, notification },
  'no notification': { web_push: 8030 },
  'an empty title': { web_push: 8030, notification: { ...notification, title: '' } },
  'no tag': { web_push: 8030, notification: { ...notification, tag: undefined } },
  'a relative navigate': { web_push: 8030, notification: { ...notification, navigate: '/journals/j1' } },
  'a negative badge': { web_push: 8030, app_badge: -1, notification },
  'a fractional badge': { web_push: 8030, app_badge: 1.5, notification },
  'a badge as text': { web_push: 8030, app_badge: '4', notification },
  'an unknown direction': { web_push: 8030, notification: { ...notification, dir: 'up' } },
  'silent as text': { web_push: 8030, notification: { ...notification, silent: 'yes' } },
  'a body that is a number': { web_push: 8030, notification: { ...notification, body: 3 } },
  'null': null,
  'a string': 'hello',
};

describe("the service worker's reading of a push message", () => {
  it.each(Object.entries(samples))('agrees with the shared schema on %s', (_name, sample) => {
    const accepted = readPushMessage(sample) !== null;
    expect(accepted).toBe(pushMessageSchema.safeParse(sample).success);
  });

  it('answers the notification the worker shows, with the badge the message carries', () => {
    expect(readPushText(JSON.stringify({ web_push: 8030, app_badge: 4, notification }))).toEqual({
      ...notification,
      app_badge: 4,
    });
  });

  it('answers null for a push that is not JSON', () => {
    expect(readPushText('not json {')).toBeNull();
  });
});
