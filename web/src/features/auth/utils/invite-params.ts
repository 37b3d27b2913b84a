// Invite details that arrive on the auth page's URL (SPEC section 2 query parameters, section 3
// stored session flags). They are only kept here; the invite flow reads them.

export const INVITE_STORAGE_KEYS = {
  token: 'pendingInviteToken',
  journalId: 'pendingJournalId',
  journalTitle: 'pendingJournalTitle',
  inviterName: 'pendingInviterName',
  processing: 'processingInviteToken',
} as const;

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Stores the invite token (inviteToken or token), journalId and inviterName of the URL, and
 * clears a processingInviteToken flag left behind (it is cleared on landing on / or /auth).
 */
export function rememberInviteParams(params: URLSearchParams): void {
  const storage = safeSessionStorage();
  if (!storage) return;
  storage.removeItem(INVITE_STORAGE_KEYS.processing);
  const token = params.get('inviteToken') || params.get('token');
  const journalId = params.get('journalId');
  const inviterName = params.get('inviterName');
  if (token) storage.setItem(INVITE_STORAGE_KEYS.token, token);
  if (journalId) storage.setItem(INVITE_STORAGE_KEYS.journalId, journalId);
  if (inviterName) storage.setItem(INVITE_STORAGE_KEYS.inviterName, inviterName);
}
