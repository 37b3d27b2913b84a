// Every word of an /api path is either the route's own or an id the route puts into a
// Firestore document path. A word that could not be a document id (`a/b` sent as `a%2Fb`, `.`,
// `..`, Firestore's reserved `__name__`, over 128 characters) is refused here, for every
// route, present and future, before it can reach the database and come back as a 500.
import { idSchema } from '@moments/shared';
import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './http';

const INVALID_ID = 'Invalid id';

/** Whether each word of `path` (as sent, still percent-encoded) could be a document id. */
export function malformedPathWord(path: string): string | undefined {
  for (const raw of path.split('/')) {
    if (!raw) continue;
    let word: string;
    try {
      word = decodeURIComponent(raw);
    } catch {
      return raw;
    }
    if (!idSchema.safeParse(word).success) return word;
  }
  return undefined;
}

/** Answers 400 `Invalid id` to a path with a word that no document id could be. */
export function refuseMalformedIds(req: Request, _res: Response, next: NextFunction): void {
  if (malformedPathWord(req.path) !== undefined) return next(new ApiError(400, INVALID_ID));
  next();
}
