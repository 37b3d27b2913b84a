import { PUSH_PAYLOAD_MAX_BYTES, pushMessageSchema, pushTagForJournal } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { digestMessage, eventMessage } from './message';

const context = {
  journalId: 'j1',
  journalTitle: 'Lake weekend',
  origin: 'https://moments.example',
  badge: 4,
};
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe('eventMessage', () => {
  it('is a Declarative Web Push message that opens the moment, tagged per moment', () => {
    const message = eventMessage(context, { kind: 'entry', authorName: 'Maya', text: 'Sunset!' });
    expect(pushMessageSchema.parse(message)).toEqual(message);
    expect(message).toMatchObject({
      web_push: 8030,
      app_badge: 4,
      notification: {
        title: 'Lake weekend',
        body: 'Maya: Sunset!',
        navigate: 'https://moments.example/journals/j1',
        tag: pushTagForJournal('j1'),
      },
    });
  });

  it('fits in 3,993 bytes with a long title and a long entry full of emoji, unsplit', () => {
    const message = eventMessage(
      { ...context, journalTitle: '🏔️ Lake weekend '.repeat(40) },
      { kind: 'reply', authorName: 'Maya', text: '🌅 "quoted" \\ '.repeat(400) },
    );
    expect(bytes(message)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(bytes(message)).toBeGreaterThan(PUSH_PAYLOAD_MAX_BYTES - 200);
    expect(message.notification.body).toMatch(/^Maya replied: 🌅/);
    expect(message.notification.body).toMatch(/…$/);
    expect(message.notification.body).not.toMatch(/\uFFFD/u);
    expect(() => JSON.parse(JSON.stringify(message))).not.toThrow();
    expect(message.notification.title.startsWith('🏔️ Lake weekend')).toBe(true);
  });

  it('shortens the title too when the title alone is too long', () => {
    const message = eventMessage(
      { ...context, journalTitle: '🌊'.repeat(2000) },
      { kind: 'entry', authorName: 'Maya', text: 'hi' },
    );
    expect(bytes(message)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(message.notification.title).toMatch(/^🌊+…$/u);
  });

  it('says what happened for each kind', () => {
    const body = (kind: Parameters<typeof eventMessage>[1]['kind']) =>
      eventMessage(context, { kind, authorName: 'Leo', text: 'Nice' }).notification.body;
    expect(body('photoComment')).toBe('Leo on a photo: Nice');
    expect(body('photos')).toBe('Leo added photos');
    expect(body('join')).toBe('Leo joined through your link');
  });
});

describe('digestMessage', () => {
  it('counts entries and photos, in the moment’s name', () => {
    expect(digestMessage(context, { entries: 3, photos: 0 })?.notification.body).toBe(
      '3 new entries in Lake weekend',
    );
    expect(digestMessage(context, { entries: 1, photos: 12 })?.notification.body).toBe(
      '1 new entry and 12 new photos in Lake weekend',
    );
  });

  it('is nothing when nothing is new', () => {
    expect(digestMessage(context, { entries: 0, photos: 0 })).toBeNull();
  });
});
