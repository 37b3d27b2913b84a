import type { AddressInfo } from 'node:net';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, errorHandler } from '../lib/http';
import { runOnSignedInCalls, signedInRouter } from './signed-in-router';

// The real requireUser verifies a Firebase token; here a header stands in for a valid one.
vi.mock('./auth', () => ({
  requireUser: (req: Request, _res: Response, next: NextFunction) => {
    const uid = req.headers['x-test-uid'];
    if (typeof uid !== 'string') return next(new ApiError(401, 'Please sign in.'));
    req.uid = uid;
    next();
  },
}));

let base = '';
/** Callers the signed-in step saw, and whether the route's handler had run by then. */
const stepped: { uid: string; handled: boolean }[] = [];
let handled = 0;
let close: () => void;

beforeAll(async () => {
  const members = signedInRouter();
  runOnSignedInCalls(async (uid) => {
    stepped.push({ uid, handled: handled > 0 });
  });
  members.get('/journals/:id/members', (req, res) => {
    handled += 1;
    res.json({ uid: req.uid, id: req.params.id });
  });
  members.post('/journals/:id/invites', (req, res) => {
    res.status(201).json({ uid: req.uid });
  });
  const open = Router();
  open.get('/invites/:token', (_req, res) => {
    res.json({ preview: true });
  });
  const app = express();
  app.use(members);
  app.use(open);
  app.use((_req, _res, next) => next(new ApiError(404, 'Not found')));
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

describe('signedInRouter', () => {
  it('answers 401 to its routes without a signed-in caller', async () => {
    const read = await fetch(`${base}/journals/j1/members`);
    expect(read.status).toBe(401);
    expect(await read.json()).toEqual({ message: 'Please sign in.' });
    expect((await fetch(`${base}/journals/j1/invites`, { method: 'POST' })).status).toBe(401);
  });

  it('runs its routes for a signed-in caller, who is known to the handler', async () => {
    const res = await fetch(`${base}/journals/j1/members`, { headers: { 'x-test-uid': 'maya' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ uid: 'maya', id: 'j1' });
  });

  it('runs the signed-in steps once per signed-in call, before the handler, never for a refused one', async () => {
    stepped.length = 0;
    handled = 0;
    await fetch(`${base}/journals/j1/members`);
    await fetch(`${base}/invites/t1`);
    expect(stepped).toEqual([]);
    await fetch(`${base}/journals/j1/members`, { headers: { 'x-test-uid': 'maya' } });
    expect(stepped).toEqual([{ uid: 'maya', handled: false }]);
    expect(handled).toBe(1);
  });

  it("lets requests for other routers' paths through untouched", async () => {
    const preview = await fetch(`${base}/invites/t1`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({ preview: true });
    expect((await fetch(`${base}/nowhere`)).status).toBe(404);
  });
});
