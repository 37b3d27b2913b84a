// Failed /api calls: the error every non-OK answer becomes, how queries retry, and the one
// mapping from a failure to what a person reads.
import { QUERY_MAX_RETRIES, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from './constants';

/** A non-OK answer to an /api call. */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly statusText = '',
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** Reads the body of a non-OK response (a fetch `Response`, or anything shaped like one). */
  static async fromResponse(response: {
    status: number;
    statusText: string;
    text(): Promise<string>;
  }): Promise<HttpError> {
    return new HttpError(response.status, await response.text(), response.statusText);
  }

  /** The `message` of the API's JSON error body (`ApiErrorBody`), if it has one. */
  get serverMessage(): string | undefined {
    try {
      const body: unknown = JSON.parse(this.bodyText);
      if (typeof body === 'object' && body !== null && 'message' in body) {
        return typeof body.message === 'string' && body.message ? body.message : undefined;
      }
    } catch {
      // Not JSON: there is no server message.
    }
    return undefined;
  }
}

/** The text of anything thrown: an Error's message, a string, else ''. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/**
 * Whether a failed query is tried again. `failureCount` counts the retries already made (0
 * after the first failure), as TanStack Query passes it. An authentication failure (a message
 * containing 401 or 403) is never retried. Mutations are never retried: do not use this there.
 */
export function shouldRetryQuery(
  failureCount: number,
  error: unknown,
  maxRetries = QUERY_MAX_RETRIES,
): boolean {
  const message = messageOf(error);
  if (message.includes('401') || message.includes('403')) return false;
  return failureCount < maxRetries;
}

/** Wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s, ... at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

/** The status of a failed /api call; undefined when no answer came (offline, aborted, a bug). */
export function failedStatus(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

export interface FailureMessageOptions {
  /**
   * A failure that is no HTTP answer (compressing a photo, a live read) shows its own text.
   * Off by default: a network error's text ("Failed to fetch") means nothing to a person.
   */
  ownText?: boolean;
}

/**
 * What a person is told about a failed call: the server's own message when its answer carried
 * one, else `fallback`. Every client call site maps failures through this.
 */
export function failureMessage(
  error: unknown,
  fallback: string,
  options?: FailureMessageOptions,
): string;
export function failureMessage(
  error: unknown,
  fallback?: string,
  options?: FailureMessageOptions,
): string | undefined;
export function failureMessage(
  error: unknown,
  fallback?: string,
  { ownText = false }: FailureMessageOptions = {},
): string | undefined {
  if (error instanceof HttpError) return error.serverMessage ?? fallback;
  return (ownText ? messageOf(error) : '') || fallback;
}
