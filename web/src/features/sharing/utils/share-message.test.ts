import { describe, expect, it } from 'vitest';
import { inviteMessage, shareData, smsHref } from './share-message';

const url = 'https://moments.example/invite/abc_DEF-123';

describe('invite messages', () => {
  it('names the inviter and the moment, and ends with the link', () => {
    expect(inviteMessage({ url, journalTitle: 'Beach day', inviterName: 'Maya Lee' })).toBe(
      `Maya Lee invited you to "Beach day" on Moments: ${url}`,
    );
    expect(inviteMessage({ url, journalTitle: 'Beach day' })).toBe(
      `You're invited to "Beach day" on Moments: ${url}`,
    );
  });

  it('builds an sms: link whose body decodes to the message, addressed when a number is known', () => {
    const message = inviteMessage({ url, journalTitle: 'Tom & Jerry?', inviterName: 'Maya' });
    const href = smsHref(message);
    expect(href.startsWith('sms:?&body=')).toBe(true);
    expect(decodeURIComponent(href.slice('sms:?&body='.length))).toBe(message);
    expect(href).not.toContain(' ');
    expect(smsHref('hi', '+1 (650) 555-0101')).toBe('sms:+16505550101?&body=hi');
  });

  it('gives the share sheet the URL in its own field', () => {
    expect(shareData({ url, journalTitle: 'Beach day', inviterName: 'Maya' })).toEqual({
      title: 'Beach day',
      text: 'Maya invited you to "Beach day" on Moments.',
      url,
    });
  });
});
