import type { NextFunction, Request, Response } from 'express';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The Admin SDK stands in: a session cookie "decodes" to the claims the test gives it, and the
// users collection answers the test's isAdmin.
const sessions = new Map<string, Record<string, unknown>>();
let storedIsAdmin: unknown = true;
vi.mock('../lib/firebase', () => ({
  auth: {
    verifySessionCookie: async (cookie: string) => {
      const claims = sessions.get(cookie);
      if (!claims) throw new Error('invalid');
      return claims;
    },
    verifyIdToken: async () => {
      throw new Error('invalid');
    },
  },
  db: {
    collection: () => ({ doc: () => ({ get: async () => ({ get: () => storedIsAdmin }) }) }),
  },
  isEmulated: true,
}));

const { requireAdmin } = await import('./auth');

function session(claims: Record<string, unknown>): Request {
  const cookie = `c-${sessions.size}`;
  sessions.set(cookie, { uid: 'u1', ...claims });
  return { headers: { cookie: `__session=${cookie}` } } as unknown as Request;
}

async function outcome(req: Request): Promise<number> {
  let status = 0;
  await requireAdmin(
    req,
    {} as Response,
    ((err?: { status?: number }) => {
      status = err ? (err.status ?? 500) : 200;
    }) as NextFunction,
  );
  return status;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The claims of an admin-login sign-in made `ageSeconds` ago. */
const adminLoginAged = (ageSeconds: number) => ({
  adminLogin: true,
  auth_time: nowSeconds() - ageSeconds,
  firebase: { sign_in_provider: 'custom' },
});
const adminLogin = adminLoginAged(60);

describe('requireAdmin', () => {
  beforeEach(() => {
    storedIsAdmin = true;
  });

  it('lets an admin-login session of a current admin through', async () => {
    expect(await outcome(session(adminLogin))).toBe(200);
  });

  it('refuses an ordinary session of an admin (SMS or Apple): no admin claim', async () => {
    expect(await outcome(session({ firebase: { sign_in_provider: 'phone' } }))).toBe(403);
    expect(await outcome(session({ firebase: { sign_in_provider: 'custom' } }))).toBe(403);
    expect(await outcome(session({ ...adminLogin, firebase: { sign_in_provider: 'phone' } }))).toBe(
      403,
    );
  });

  it('ignores the `admin` claim earlier versions stored on accounts', async () => {
    const stored = {
      admin: true,
      auth_time: nowSeconds(),
      firebase: { sign_in_provider: 'custom' },
    };
    expect(await outcome(session(stored))).toBe(403);
  });

  it('ends the admin-login session an hour after its sign-in, whatever refreshed it', async () => {
    expect(await outcome(session(adminLoginAged(59 * 60)))).toBe(200);
    expect(await outcome(session(adminLoginAged(60 * 60)))).toBe(401);
    expect(await outcome(session(adminLoginAged(3 * 60 * 60)))).toBe(401);
  });

  it('refuses an admin-login session once isAdmin is gone, and anyone signed out', async () => {
    storedIsAdmin = false;
    expect(await outcome(session(adminLogin))).toBe(403);
    expect(await outcome({ headers: {} } as Request)).toBe(401);
  });
});
