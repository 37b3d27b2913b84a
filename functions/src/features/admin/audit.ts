// The append-only audit log of admin actions and admin logins. Only this module writes it, and
// only with create(): no code path updates or deletes a row, and the rules let no client touch
// it (admins read it through GET /api/admin/audit).
import type { Request } from 'express';
import type { AdminAction, AuditEntry, AuditPage } from '@moments/shared';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE } from '@moments/shared';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { clientAddress } from '../../lib/client-address';

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

/** Appends one row; `req` gives the client address. */
export async function recordAudit(req: Request, input: AuditInput): Promise<void> {
  await auditLog.doc().create({
    action: input.action,
    actorId: input.actorId,
    actorName: input.actorName ?? null,
    targetId: input.targetId ?? null,
    targetName: input.targetName ?? null,
    detail: input.detail?.slice(0, 100) ?? null,
    clientAddress: clientAddress(req.headers['x-forwarded-for'], req.socket?.remoteAddress),
    at: FieldValue.serverTimestamp(),
  });
}

function toEntry(doc: DocumentSnapshot): AuditEntry {
  const at = doc.get('at') as Timestamp | null;
  return {
    id: doc.id,
    action: doc.get('action') as AdminAction,
    actorId: (doc.get('actorId') as string | null) ?? null,
    actorName: (doc.get('actorName') as string | null) ?? null,
    targetId: (doc.get('targetId') as string | null) ?? null,
    targetName: (doc.get('targetName') as string | null) ?? null,
    detail: (doc.get('detail') as string | null) ?? null,
    clientAddress: (doc.get('clientAddress') as string | null) ?? null,
    at: (at ?? Timestamp.now()).toDate().toISOString(),
  };
}

/** Newest first, filtered by action, actor and/or target; `cursor` is the last row's id. */
export async function listAudit(filters: {
  action?: AdminAction;
  actorId?: string;
  targetId?: string;
  cursor?: string;
}): Promise<AuditPage> {
  let query = auditLog.orderBy('at', 'desc');
  if (filters.action) query = query.where('action', '==', filters.action);
  if (filters.actorId) query = query.where('actorId', '==', filters.actorId);
  if (filters.targetId) query = query.where('targetId', '==', filters.targetId);
  if (filters.cursor) {
    const after = await auditLog.doc(filters.cursor).get();
    if (!after.exists) throw new ApiError(400, ADMIN_MESSAGES.badCursor);
    query = query.startAfter(after);
  }
  const snap = await query.limit(ADMIN_PAGE_SIZE + 1).get();
  const docs = snap.docs.slice(0, ADMIN_PAGE_SIZE);
  return {
    entries: docs.map(toEntry),
    nextCursor: snap.size > ADMIN_PAGE_SIZE ? (docs[docs.length - 1]?.id ?? null) : null,
  };
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
