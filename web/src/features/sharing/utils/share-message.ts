// The words and links that carry an invite out of the app (share sheet, SMS, clipboard).

export interface ShareDetails {
  url: string;
  journalTitle: string;
  inviterName?: string | null;
}

/** A short message with the link, for an SMS or the share sheet's text. */
export function inviteMessage({ url, journalTitle, inviterName }: ShareDetails): string {
  const who = inviterName?.trim() ? `${inviterName.trim()} invited you` : "You're invited";
  return `${who} to "${journalTitle}" on Moments: ${url}`;
}

/**
 * An `sms:` link that opens the messages app with the message typed in. `?&body=` is the form
 * both iOS and Android read; with a number (a link made for one person) it is addressed too.
 */
export function smsHref(message: string, phoneNumber?: string | null): string {
  const to = phoneNumber ? phoneNumber.replace(/[^\d+]/g, '') : '';
  return `sms:${to}?&body=${encodeURIComponent(message)}`;
}

/** What navigator.share receives: the URL once, in its own field. */
export function shareData({ url, journalTitle, inviterName }: ShareDetails): ShareData {
  const who = inviterName?.trim() ? `${inviterName.trim()} invited you` : "You're invited";
  return { title: journalTitle, text: `${who} to "${journalTitle}" on Moments.`, url };
}
