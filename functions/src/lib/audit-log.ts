// The append-only audit log of admin actions and admin logins. Only this module writes it, and
// only with create(): no code path updates or deletes a row, and the rules let no client touch
// it (admins read it through GET /api/admin/audit). It is in lib because the admin login (auth)
// and the admin actions (admin) both write it, and auth imports no other feature.
import type { Request } from 'express';
import type { AdminAction } from '@moments/shared';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { clientAddress } from './client-address';
import { db } from './firebase';

export const auditLog = db.collection('auditLog');

export interface AuditInput {
  action: AdminAction;
  actorId: string | null;
  actorName?: string | null;
  targetId?: string | null;
  targetName?: string | null;
  detail?: string | null;
}

/** The name shown for an account: first and last name, else the phone number. */
export function displayName(doc: DocumentSnapshot | undefined): string | null {
  if (!doc?.exists) return null;
  const name = [doc.get('firstName'), doc.get('lastName')].filter(Boolean).join(' ');
  return name || (doc.get('phoneNumber') as string | null) || null;
}

/**
 * Appends one row; `req` gives the client address. With `id`, the row is written once: a retry
 * of the same event (a resumed account deletion) finds it there and adds nothing.
 */
export async function recordAudit(req: Request, input: AuditInput, id?: string): Promise<void> {
  const row = id ? auditLog.doc(id) : auditLog.doc();
  await row.create({
    action: input.action,
    actorId: input.actorId,
    actorName: input.actorName ?? null,
    targetId: input.targetId ?? null,
    targetName: input.targetName ?? null,
    detail: input.detail?.slice(0, 100) ?? null,
    clientAddress: clientAddress(req.headers['x-forwarded-for'], req.socket?.remoteAddress),
    at: FieldValue.serverTimestamp(),
  }).catch((err: { code?: number }) => {
    // 6: already exists, the row of this event is there.
    if (!(id && err.code === 6)) throw err;
  });
}

/**
 * Audits an admin login: a success names the admin; a failure (wrong pair, locked, limited)
 * keeps the username tried, never the password. A failed audit write must not turn a refused
 * login into a 500 nor a successful one into a failure, so it is only logged.
 */
export async function recordAdminLogin(
  req: Request,
  outcome: { admin: DocumentSnapshot } | { username: string },
): Promise<void> {
  const input: AuditInput =
    'admin' in outcome
      ? {
          action: 'admin.login',
          actorId: outcome.admin.id,
          actorName: displayName(outcome.admin),
        }
      : { action: 'admin.login_failed', actorId: null, detail: outcome.username };
  await recordAudit(req, input).catch((err: unknown) => {
    console.error('Audit of an admin login failed', err);
  });
}
