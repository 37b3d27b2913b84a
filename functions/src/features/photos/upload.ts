// The HTTP side of photos: reading an upload, turning refusals into answers, sending bytes.
import busboy from 'busboy';
import type { Request, Response } from 'express';
import { ApiError } from '../../lib/http';
import { PhotoRejected } from './process';

export const UPLOAD_MESSAGES = {
  missing: 'Please select an image file',
  photoTooLarge: 'Photo is too large',
  photoUnsupported: 'That file is not a supported image',
  profileTooLarge: 'Please select an image under 5MB',
} as const;

/** Room for the multipart framing and the small text fields around the file. */
const FRAMING_BYTES = 64 * 1024;

export interface UploadedFile {
  bytes: Buffer;
  /** The form's text fields (only short ones are kept). */
  fields: Record<string, string>;
}

/**
 * Reads one file from a multipart/form-data body, field `field` (the API's uploads name it `image`).
 * The declared name and type are ignored: the bytes are sniffed when processed. Anything over
 * `maxBytes` is a 413 with `tooLargeMessage`, stopping as soon as the limit is passed.
 *
 * In Cloud Functions (and its emulator) the body has already been read into `req.rawBody`;
 * elsewhere the request stream is parsed as it arrives.
 */
export function readUpload(
  req: Request,
  options: { field?: string; maxBytes: number; tooLargeMessage: string },
): Promise<UploadedFile> {
  const field = options.field ?? 'image';
  const tooLarge = new ApiError(413, options.tooLargeMessage);
  const declared = Number(req.headers['content-length']);
  if (declared > options.maxBytes + FRAMING_BYTES) return Promise.reject(tooLarge);

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fileSize: options.maxBytes, fields: 10, fieldSize: 1024, parts: 20 },
      });
    } catch {
      // Not multipart/form-data at all.
      reject(new ApiError(400, UPLOAD_MESSAGES.missing));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Promise<Buffer> | undefined;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      reject(err);
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== field || file) {
        stream.resume();
        return;
      }
      file = new Promise<Buffer>((done, failed) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('limit', () => failed(tooLarge));
        stream.on('error', failed);
        stream.on('end', () => done(Buffer.concat(chunks)));
      });
      // A rejection is reported once parsing ends; keep it from being "unhandled" meanwhile.
      file.catch(() => undefined);
    });
    parser.on('error', () => fail(new ApiError(400, UPLOAD_MESSAGES.missing)));
    parser.on('close', () => {
      if (settled) return;
      if (!file) return fail(new ApiError(400, UPLOAD_MESSAGES.missing));
      file.then((bytes) => {
        if (settled) return;
        if (bytes.length === 0) return fail(new ApiError(400, UPLOAD_MESSAGES.missing));
        settled = true;
        resolve({ bytes, fields });
      }, fail);
    });

    const rawBody = (req as Request & { rawBody?: Buffer }).rawBody;
    if (Buffer.isBuffer(rawBody)) parser.end(rawBody);
    else req.pipe(parser);
  });
}

/**
 * Runs image processing, answering 400 `unsupportedMessage` for bytes that are not an
 * accepted image and 413 `tooLargeMessage` for too many pixels.
 */
export async function processOrRefuse<T>(
  work: Promise<T>,
  messages: { unsupported: string; tooLarge: string },
): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof PhotoRejected) {
      throw err.reason === 'too-large'
        ? new ApiError(413, messages.tooLarge)
        : new ApiError(400, messages.unsupported);
    }
    throw err;
  }
}

/**
 * How photo bytes may be cached: every photo URL names one immutable variant (a photo's id,
 * size and turn; a profile picture's random name; an invite cover's photo and turn), so the
 * browser keeps it for a year and never asks again. Private: only that browser keeps it.
 */
export const PHOTO_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** Sends stored WebP bytes: cached as immutable by this browser only, never sniffed. */
export function sendWebp(res: Response, bytes: Buffer): void {
  res.setHeader('Content-Type', 'image/webp');
  res.setHeader('Cache-Control', PHOTO_CACHE_CONTROL);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', String(bytes.length));
  res.end(bytes);
}

/**
 * Sends a photo's export JPEG. Not kept by the browser or the service worker: exports are rare,
 * and a second copy of every full-quality photo on the phone would only take its space.
 */
export function sendExportJpeg(res: Response, bytes: Buffer): void {
  res.setHeader('Content-Type', 'image/jpeg');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', String(bytes.length));
  res.end(bytes);
}
