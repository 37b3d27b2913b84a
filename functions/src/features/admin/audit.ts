// Reading the audit log for the dashboard (rows are written by lib/audit-log.ts).
import type { AdminAction, AuditEntry, AuditPage } from '@moments/shared';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE } from '@moments/shared';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { auditLog } from '../../lib/audit-log';
import { ApiError } from '../../lib/http';

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
