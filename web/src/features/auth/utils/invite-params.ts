// Invite details that arrive on the auth page's URL (query parameters, then
// session flags). They are only kept here; the invite flow reads them.
import { safeSessionStorage as storage } from '../../../lib/safe-storage';

export const INVITE_STORAGE_KEYS = {
  token: 'pendingInviteToken',
  journalId: 'pendingJournalId',
  journalTitle: 'pendingJournalTitle',
  inviterName: 'pendingInviterName',
  processing: 'processingInviteToken',
} as const;

/**
 * Stores the invite token (inviteToken or token) and journalId of the URL, and clears a
 * processingInviteToken flag left behind (it is cleared on landing on / or /auth). The URL's
 * inviterName is not kept: the name shown comes from the server's preview of the token.
 */
export function rememberInviteParams(params: URLSearchParams): void {
  storage.removeItem(INVITE_STORAGE_KEYS.processing);
  const token = params.get('inviteToken') || params.get('token');
  const journalId = params.get('journalId');
  if (token) storage.setItem(INVITE_STORAGE_KEYS.token, token);
  if (journalId) storage.setItem(INVITE_STORAGE_KEYS.journalId, journalId);
}
