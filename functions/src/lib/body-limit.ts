import type { NextFunction, Request, Response } from 'express';
import { ApiError, CLIENT_ERROR_MESSAGES } from './http';

/** The largest non-upload body any route takes; the biggest real one is a few kilobytes. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * Caps every request body but uploads. Cloud Functions read and parse the body before Express
 * runs (so express.json's limit never applies there); the exact bytes are in `req.rawBody`.
 * Multipart uploads are streamed and capped by their routes (photos 15 MB, pictures 5 MB).
 */
export function limitBodySize(req: Request, _res: Response, next: NextFunction): void {
  if (req.is('multipart/form-data')) return next();
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  const length = raw?.length ?? Number(req.headers['content-length'] ?? 0);
  if (length > MAX_JSON_BYTES) return next(new ApiError(413, CLIENT_ERROR_MESSAGES[413] as string));
  next();
}
