import { describe, expect, it } from 'vitest';
import { isRecordablePage, scrubEventProperties, scrubPath, scrubUrl } from './privacy';

const ORIGIN = 'https://moments.example';

describe('analytics privacy', () => {
  it('keeps ids in paths and replaces invite tokens', () => {
    expect(scrubPath('/journals/abc123')).toBe('/journals/abc123');
    expect(scrubPath('/invite/tok_secret')).toBe('/invite/:token');
    expect(scrubPath('/invite-preview/tok_secret/')).toBe('/invite-preview/:token');
  });

  it('drops query and hash of our URLs, and all but the origin of others', () => {
    expect(scrubUrl(`${ORIGIN}/auth?inviteToken=t&inviterName=Maya#x`, ORIGIN)).toBe(
      `${ORIGIN}/auth`,
    );
    expect(scrubUrl('https://mail.example/inbox/123?q=maya', ORIGIN)).toBe('https://mail.example');
    expect(scrubUrl('not a url at all', ORIGIN)).toBe(`${ORIGIN}/not%20a%20url%20at%20all`);
  });

  it('records no page whose address carries a token, a code or a name', () => {
    expect(isRecordablePage({ pathname: '/home', search: '' })).toBe(true);
    expect(isRecordablePage({ pathname: '/auth', search: '?signup=true' })).toBe(true);
    expect(isRecordablePage({ pathname: '/journals/j1', search: '?openShareModal=true' })).toBe(
      true,
    );
    expect(isRecordablePage({ pathname: '/invite/abc', search: '' })).toBe(false);
    expect(isRecordablePage({ pathname: '/auth', search: '?token=abc' })).toBe(false);
    expect(isRecordablePage({ pathname: '/', search: '?apple_code=c&apple_state=s' })).toBe(false);
    expect(isRecordablePage({ pathname: '/auth', search: '?inviterName=Maya' })).toBe(false);
  });

  it('scrubs addresses and removes page text from event properties', () => {
    expect(
      scrubEventProperties(
        {
          $current_url: `${ORIGIN}/invite/tok_secret?inviterName=Maya`,
          $initial_referrer: '$direct',
          $referrer: `${ORIGIN}/journals/j1?x=1`,
          $pathname: '/invite-preview/tok_secret',
          $el_text: 'Summer in Lisbon',
          current_page_title: 'Summer in Lisbon',
          journal_id: 'j1',
        },
        ORIGIN,
      ),
    ).toEqual({
      $current_url: `${ORIGIN}/invite/:token`,
      $initial_referrer: '$direct',
      $referrer: `${ORIGIN}/journals/j1`,
      $pathname: '/invite-preview/:token',
      journal_id: 'j1',
    });
  });
});
