import { Router } from 'express';
import { requireUser } from './auth';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * A router each of whose routes needs a signed-in caller: requireUser runs before the
 * handlers of every route registered on it. It runs only when one of its routes matches, so
 * requests for other routers' paths pass through untouched (a `router.use(requireUser)` would
 * answer 401 to every request that merely passes through).
 */
export function signedInRouter(): Router {
  const router = Router();
  for (const method of METHODS) {
    const register = router[method].bind(router) as (...args: unknown[]) => Router;
    router[method] = ((path: unknown, ...handlers: unknown[]) =>
      register(path, requireUser, ...handlers)) as Router[typeof method];
  }
  return router;
}
