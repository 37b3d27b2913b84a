// Recognising an invite in the auth page's URL.

/** The URL asks for the invite flow (mode 5): message=journal-invite, invite=true or a token. */
export function isInviteUrl(params: URLSearchParams): boolean {
  return (
    params.get('message') === 'journal-invite' ||
    params.get('invite') === 'true' ||
    Boolean(params.get('inviteToken') || params.get('token'))
  );
}

/**
 * The auth page URL the preview's join button leads a signed-out person to. The inviter's name
 * stays out of it: the page shows only what the server says about the stored token.
 */
export function inviteAuthPath(invite: { journalId: string }): string {
  const params = new URLSearchParams({ message: 'journal-invite', journalId: invite.journalId });
  return `/auth?${params.toString()}`;
}

export interface InviteInUrl {
  token: string | null;
  journalId: string | null;
  journalTitle: string | null;
  inviterName: string | null;
}

/**
 * The invite the auth page is about: its URL's parameters first, then what was stored (the
 * preview page stores the token rather than putting it in another URL). Stored details of a
 * different moment than the URL names are ignored. The inviter's name never comes from the URL
 * (anyone can write one there): only from the server's preview of the token, as stored.
 */
export function resolveInvite(params: URLSearchParams, stored: InviteInUrl): InviteInUrl {
  const urlJournalId = params.get('journalId') || null;
  const sameMoment = !urlJournalId || !stored.journalId || stored.journalId === urlJournalId;
  const kept = sameMoment ? stored : { token: null, journalTitle: null, inviterName: null };
  return {
    token: params.get('inviteToken') || params.get('token') || kept.token,
    journalId: urlJournalId ?? stored.journalId,
    journalTitle: kept.journalTitle,
    inviterName: kept.inviterName,
  };
}
