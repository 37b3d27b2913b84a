import { MOMENT_ERRORS } from '@moments/shared';
import { describe, expect, it, vi } from 'vitest';
import type { WorkerError } from '../../../lib/live-worker-client';

const failures: ((error: WorkerError) => void)[] = [];
vi.mock('../../../lib/live-worker-client', () => ({
  listenInWorker: (_source: unknown, _next: unknown, fail: (error: WorkerError) => void) => {
    failures.push(fail);
    return () => undefined;
  },
}));

describe('the timeline from the worker', () => {
  it("tells a person the spec's text when the worker itself fails, and keeps a refusal's", async () => {
    const { listenToComments } = await import('./get-comments');
    const errors: unknown[] = [];
    listenToComments('m1')(vi.fn(), (error) => errors.push(error));
    listenToComments('m1')(vi.fn(), (error) => errors.push(error));
    failures[0]!({ name: 'Error', message: 'Uncaught SyntaxError: Unexpected token' });
    failures[1]!({ name: 'TimelineLoadError', message: 'x', code: 'permission-denied' });
    expect(errors.map((error) => (error as Error).message)).toEqual([
      MOMENT_ERRORS.loadTimeline,
      MOMENT_ERRORS.timelineNoAccess,
    ]);
  });
});
