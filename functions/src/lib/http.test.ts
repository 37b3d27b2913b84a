import type { Request, Response } from 'express';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, BUSY_MESSAGE, errorHandler } from './http';

/** Runs the error handler on `err` and returns what it answered. */
function answer(err: unknown) {
  const sent = { status: 0, body: undefined as unknown };
  const res = {
    status(code: number) {
      sent.status = code;
      return this;
    },
    set() {
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  } as unknown as Response;
  errorHandler(err, {} as Request, res, () => undefined);
  return sent;
}

describe('errorHandler', () => {
  it("answers an ApiError with its own status and message", () => {
    expect(answer(new ApiError(404, 'Moment not found'))).toEqual({
      status: 404,
      body: { message: 'Moment not found' },
    });
  });

  it('keeps the 4xx of errors Express and body-parser raise, without their details', () => {
    const tooLarge = Object.assign(new Error('request entity too large'), {
      status: 413,
      type: 'entity.too.large',
    });
    expect(answer(tooLarge)).toEqual({ status: 413, body: { message: 'The request is too large.' } });
    const badPath = Object.assign(new URIError("Failed to decode param '%E0'"), { status: 400 });
    expect(answer(badPath)).toEqual({ status: 400, body: { message: 'The request is not valid.' } });
  });

  it('answers a transaction that lost every retry to parallel writers as a 503 to retry', () => {
    const aborted = Object.assign(new Error('10 ABORTED: Transaction lock timeout'), { code: 10 });
    expect(answer(aborted)).toEqual({ status: 503, body: { message: BUSY_MESSAGE } });
  });

  it('answers anything else as a 500 with a generic message', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(answer(new Error('Firestore is down'))).toEqual({
      status: 500,
      body: { message: 'Something went wrong. Please try again.' },
    });
    log.mockRestore();
  });
});
