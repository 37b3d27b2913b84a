import { Router, type Request } from 'express';
import {
  auditQuerySchema,
  deleteAccountSchema,
  makeAdminSchema,
  peopleQuerySchema,
  ADMIN_IDLE_MINUTES,
  type AdminAction,
  type AdminSessionInfo,
} from '@moments/shared';
import type { z } from 'zod';
import { db } from '../../lib/firebase';
import { displayName, recordAudit } from '../../lib/audit-log';
import { ApiError, handle, parseBody } from '../../lib/http';
import { adminCaller, endIdleAdminSession } from '../../middleware/admin';
import { requireAdmin } from '../../middleware/auth';
import {
  deleteAccount,
  disableAccount,
  enableAccount,
  makeAdmin,
  removeAdmin,
  signOutEverywhere,
} from './actions';
import { listAudit } from './audit';
import { overview, trends } from './overview';
import { findPeople, getPerson } from './people';
import { webVitals } from './web-vitals';

export const adminRoutes = Router();

// Every /api/admin call, and nothing in it is cached by a browser or a proxy.
adminRoutes.use('/admin', requireAdmin, endIdleAdminSession, (_req, res, next) => {
  res.setHeader('Cache-Control', 'private, no-store');
  next();
});

function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  const result = schema.safeParse(req.query);
  if (!result.success)
    throw new ApiError(400, result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

function targetId(req: Request): string {
  const uid = req.params.uid;
  if (typeof uid !== 'string' || !uid || uid.length > 128 || uid.includes('/'))
    throw new ApiError(404, 'No such account.');
  return uid;
}

adminRoutes.get(
  '/admin/session',
  handle(async (req, res) => {
    const { uid, doc } = adminCaller(req);
    res.json({
      id: uid,
      name: displayName(doc) ?? uid,
      idleMinutes: ADMIN_IDLE_MINUTES,
    } satisfies AdminSessionInfo);
  }),
);

adminRoutes.get(
  '/admin/overview',
  handle(async (_req, res) => {
    res.json(await overview());
  }),
);

adminRoutes.get(
  '/admin/web-vitals',
  handle(async (_req, res) => {
    res.json(await webVitals());
  }),
);

adminRoutes.get(
  '/admin/trends',
  handle(async (_req, res) => {
    res.json(await trends());
  }),
);

adminRoutes.get(
  '/admin/people',
  handle(async (req, res) => {
    const { q, cursor } = parseQuery(peopleQuerySchema, req);
    res.json(await findPeople(q || undefined, cursor));
  }),
);

adminRoutes.get(
  '/admin/people/:uid',
  handle(async (req, res) => {
    res.json(await getPerson(targetId(req)));
  }),
);

/** Runs an action on a person and appends its audit row (with the person's name before it). */
function action(
  method: 'post' | 'delete',
  path: string,
  name: AdminAction,
  run: (req: Request, actorId: string, uid: string) => Promise<void>,
) {
  adminRoutes[method](
    path,
    handle(async (req, res) => {
      const { uid: actorId, doc: actorDoc } = adminCaller(req);
      const uid = targetId(req);
      const target = await db.doc(`users/${uid}`).get();
      await run(req, actorId, uid);
      await recordAudit(req, {
        action: name,
        actorId,
        actorName: displayName(actorDoc),
        targetId: uid,
        targetName: displayName(target),
      });
      res.json({ success: true });
    }),
  );
}

action('post', '/admin/people/:uid/disable', 'account.disable', (_req, actor, uid) =>
  disableAccount(actor, uid),
);
action('post', '/admin/people/:uid/enable', 'account.enable', (_req, _actor, uid) =>
  enableAccount(uid),
);
action('post', '/admin/people/:uid/sign-out', 'account.sign_out', (_req, _actor, uid) =>
  signOutEverywhere(uid),
);
action('post', '/admin/people/:uid/admin', 'account.make_admin', (req, _actor, uid) =>
  makeAdmin(uid, parseBody(makeAdminSchema, req)),
);
action('delete', '/admin/people/:uid/admin', 'account.remove_admin', (_req, actor, uid) =>
  removeAdmin(actor, uid),
);
action('post', '/admin/people/:uid/delete', 'account.delete', async (req, actor, uid) => {
  parseBody(deleteAccountSchema, req);
  await deleteAccount(actor, uid);
});

adminRoutes.get(
  '/admin/audit',
  handle(async (req, res) => {
    res.json(await listAudit(parseQuery(auditQuerySchema, req)));
  }),
);
