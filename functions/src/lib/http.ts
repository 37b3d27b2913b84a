import type { ErrorRequestHandler, NextFunction, Request, Response } from 'express';
import { z } from 'zod';

/** An error whose status and message are meant for the caller. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Parses `req.body` with a shared schema; a failure is a 400 with the schema's first message. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  const result = schema.safeParse(req.body ?? {});
  if (!result.success) {
    throw new ApiError(400, result.error.issues[0]?.message ?? 'Invalid request');
  }
  return result.data;
}

/** A request's query string, parsed by `schema`; a 400 with its first message otherwise. */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  const result = schema.safeParse(req.query);
  if (!result.success) {
    throw new ApiError(400, result.error.issues[0]?.message ?? 'Invalid request');
  }
  return result.data;
}

/** A route parameter as a string (Express types them loosely). */
export function param(req: Request, name: string): string {
  return String(req.params[name]);
}

type AsyncHandler = (req: Request, res: Response) => Promise<unknown>;

/** Lets route handlers be async: a rejection reaches the error handler. */
export const handle =
  (fn: AsyncHandler) =>
  (req: Request, res: Response, next: NextFunction): void => {
    fn(req, res).catch(next);
  };

/** Every error answers `{message}`: the caller's own for ApiError, a generic one otherwise. */
export const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
  if (err instanceof ApiError) {
    res.status(err.status).json({ message: err.message });
    return;
  }
  // Malformed JSON from express.json().
  if (err && typeof err === 'object' && 'type' in err && err.type === 'entity.parse.failed') {
    res.status(400).json({ message: 'The request body is not valid JSON.' });
    return;
  }
  // Other client errors that Express or body-parser raise (a body over the size limit: 413,
  // a badly encoded path: 400) keep their status; only our own faults are 500s.
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.status(status).json({ message: CLIENT_ERROR_MESSAGES[status] ?? 'The request is not valid.' });
    return;
  }
  // A transaction that lost every retry to parallel writers of the same document: nothing was
  // written, and the same request can simply be sent again.
  if ((err as { code?: unknown } | null)?.code === FIRESTORE_ABORTED) {
    res.status(503).set('Retry-After', '1').json({ message: BUSY_MESSAGE });
    return;
  }
  console.error(err);
  res.status(500).json({ message: 'Something went wrong. Please try again.' });
};

/** gRPC status ABORTED, as the Firestore client reports a transaction that gave up. */
const FIRESTORE_ABORTED = 10;
export const BUSY_MESSAGE = 'Many changes are arriving at once. Please try again.';

export const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  413: 'The request is too large.',
};
