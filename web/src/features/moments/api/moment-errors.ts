// Why a moment or its timeline cannot be shown, as the moment screens tell it. Made where the
// live listeners run (the live-data worker) and again in the page from what the worker sends
// (`fromWorker`), so the screens test them with instanceof either way.
import { MOMENT_ERRORS, MOMENT_UNAVAILABLE } from '@moments/shared';
import type { WorkerError } from '../../../lib/live-worker-client';

/**
 * The moment does not exist, is being deleted, or the person is not (or no longer) a member.
 * Firestore's rules answer all of these with permission-denied, so its existence does not leak.
 */
export class MomentUnavailableError extends Error {
  override readonly name = 'MomentUnavailableError';
  constructor() {
    super(MOMENT_UNAVAILABLE.notFound);
  }
}

export const isMomentUnavailable = (error: unknown) => error instanceof MomentUnavailableError;

/** Firestore's refusal (rules) or absence, as the moment screens tell it. */
export function unavailableIfDenied(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'permission-denied' || code === 'not-found'
    ? new MomentUnavailableError()
    : error;
}

/** What a person is told for the Firestore error codes that have a meaning to them. */
const TIMELINE_MESSAGES: Record<string, string> = {
  'permission-denied': MOMENT_ERRORS.timelineNoAccess,
  unauthenticated: MOMENT_ERRORS.timelineSignedOut,
};

/**
 * Why the timeline is missing, in the person's words: a refused read says so; anything else
 * (Firestore's own texts are technical) is the general "Unable to load timeline entries".
 */
export class TimelineLoadError extends Error {
  override readonly name = 'TimelineLoadError';
  constructor(cause: unknown) {
    const code =
      typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
    super(TIMELINE_MESSAGES[code] ?? MOMENT_ERRORS.loadTimeline, { cause });
  }
}

/** A listener's error as the worker sent it, as the error the screens know. */
export function fromWorker(error: WorkerError): Error {
  if (error.name === 'MomentUnavailableError') return new MomentUnavailableError();
  if (error.name === 'TimelineLoadError') return new TimelineLoadError({ code: error.code });
  return Object.assign(new Error(error.message), { name: error.name, code: error.code });
}
