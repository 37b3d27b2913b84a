import { Router, type NextFunction, type Request, type Response } from 'express';
import { requireUser } from './auth';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Work done for every signed-in call, given the caller's uid (the dashboard's activity stamp). */
export type SignedInStep = (uid: string) => Promise<void>;

const signedInSteps = new Set<SignedInStep>();

/**
 * Runs `step` on every signed-in call, after requireUser and before the route's handlers. The
 * app attaches the steps (app.ts), so that middleware imports no feature.
 */
export function runOnSignedInCalls(step: SignedInStep): void {
  signedInSteps.add(step);
}

async function afterRequireUser(req: Request, _res: Response, next: NextFunction) {
  try {
    for (const step of signedInSteps) if (req.uid) await step(req.uid);
    next();
  } catch (err) {
    next(err);
  }
}

/**
 * A router each of whose routes needs a signed-in caller: requireUser (then the signed-in
 * steps) runs before the handlers of every route registered on it. It runs only when one of
 * its routes matches, so requests for other routers' paths pass through untouched (a
 * `router.use(requireUser)` would answer 401 to every request that merely passes through).
 */
export function signedInRouter(): Router {
  const router = Router();
  for (const method of METHODS) {
    const register = router[method].bind(router) as (...args: unknown[]) => Router;
    router[method] = ((path: unknown, ...handlers: unknown[]) =>
      register(path, requireUser, afterRequireUser, ...handlers)) as Router[typeof method];
  }
  return router;
}
