import { MOMENT_ERRORS, MOMENT_UNAVAILABLE } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { TimelineLoadError, fromWorker, isMomentUnavailable } from './moment-errors';

describe('TimelineLoadError', () => {
  it('tells a person whose read was refused that they no longer have access', () => {
    const refused = Object.assign(new Error('Missing or insufficient permissions.'), {
      code: 'permission-denied',
    });
    expect(new TimelineLoadError(refused).message).toBe(
      'You no longer have access to this timeline.',
    );
  });

  it('tells a signed-out person to sign in again', () => {
    expect(new TimelineLoadError({ code: 'unauthenticated' }).message).toBe(
      'Your session has ended. Please sign in again to see the timeline.',
    );
  });

  it('falls back to the general text for technical failures', () => {
    const failed = Object.assign(new Error('INTERNAL ASSERTION FAILED'), { code: 'internal' });
    expect(new TimelineLoadError(failed).message).toBe(
      'Unable to load timeline entries. Please try again later.',
    );
    expect(new TimelineLoadError(new TypeError('Failed to fetch')).message).toBe(
      'Unable to load timeline entries. Please try again later.',
    );
  });
});

describe('fromWorker', () => {
  it('gives the screens the errors they know from what the worker sent', () => {
    const gone = fromWorker({ name: 'MomentUnavailableError', message: 'x' });
    expect(isMomentUnavailable(gone)).toBe(true);
    expect(gone.message).toBe(MOMENT_UNAVAILABLE.notFound);

    const refused = fromWorker({
      name: 'TimelineLoadError',
      message: 'x',
      code: 'permission-denied',
    });
    expect(refused).toBeInstanceOf(TimelineLoadError);
    expect(refused.message).toBe(MOMENT_ERRORS.timelineNoAccess);

    const other = fromWorker({
      name: 'FirebaseError',
      message: 'Quota exceeded',
      code: 'resource-exhausted',
    });
    expect(other).toMatchObject({
      name: 'FirebaseError',
      message: 'Quota exceeded',
      code: 'resource-exhausted',
    });
    expect(isMomentUnavailable(other)).toBe(false);
  });
});
