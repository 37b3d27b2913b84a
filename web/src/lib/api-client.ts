// The one HTTP client for /api: same-origin with cookies, JSON bodies,
// no-cache headers, and an HttpError for every non-OK answer.
import { HttpError } from '@moments/shared';
import { keepEarlyCall, takeEarlyCall } from './early-calls';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What every call sends besides its own headers. */
const BASE_HEADERS = { Accept: 'application/json', 'Cache-Control': 'no-cache' } as const;

/**
 * Starts GET `path` as this client would (same headers, cookie), for the client to take up: a
 * page's first calls start before the app's code has arrived, from the page's script
 * (src/start/first-calls.ts), and the client, once loaded, takes each answer up instead of
 * calling again (lib/early-calls.ts).
 */
export function startFirstCall(path: string): Promise<Response> {
  const response = fetch(path, { headers: BASE_HEADERS, credentials: 'same-origin' });
  response.catch(() => undefined); // the client's request reports it
  keepEarlyCall('requests', path, response);
  return response;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Non-OK statuses the caller handles as normal answers: still thrown, but not logged. */
  expectedStatuses?: readonly number[];
}

type ResponseKind = 'json' | 'response';

/**
 * The signed-in client SDK's ID token, or null when it has none; null at once (not a promise)
 * when the SDK is not loaded, so that the request leaves in the same task.
 */
export type IdTokenSource = () => Promise<string | null> | null;

let idTokenSource: IdTokenSource | undefined;

/**
 * lib/firebase-loader hands the client SDK's token here. Handing it in (rather than this
 * module importing Firebase) keeps the imports one way: lib/firebase asks this client for a
 * custom token, so this client must not import lib/firebase.
 */
export function setIdTokenSource(source: IdTokenSource): void {
  idTokenSource = source;
}

/**
 * The server accepts the `__session` cookie set at sign-in or a Firebase ID token. The token
 * is sent only when the client SDK is already loaded: loading it just for this would undo
 * the code-splitting of the sign-in screen, and the cookie covers that case.
 */
function bearerToken(): Promise<string | null> | null {
  const token = idTokenSource?.();
  return token
    ? token.catch((error: unknown) => {
        console.warn('Could not read the Firebase ID token; relying on the session cookie.', error);
        return null;
      })
    : null;
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
  kind: ResponseKind = 'json',
): Promise<T> {
  const headers: Record<string, string> = { ...BASE_HEADERS, ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  // Without a token to wait for, fetch is called synchronously: a page's first calls, started
  // beside its code, then go out before the code's requests rather than after them.
  const pendingToken = bearerToken();
  const token = pendingToken && (await pendingToken);
  if (token) headers.Authorization = `Bearer ${token}`;

  // The same request, already started by the page's script: its answer.
  const started =
    method === 'GET' && !token && !options.headers && !options.signal?.aborted
      ? takeEarlyCall<Response>('requests', path)
      : undefined;

  let response: Response;
  try {
    response = await (started ??
      fetch(path, {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal: options.signal,
      }));
  } catch (error) {
    if (!options.signal?.aborted) console.error(`${method} ${path} failed:`, error);
    throw error;
  }

  if (!response.ok) {
    const error = await HttpError.fromResponse(response);
    if (!options.expectedStatuses?.includes(response.status)) {
      console.error(`${method} ${path} failed:`, error.message);
    }
    throw error;
  }

  if (kind === 'response') return response as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  /** A multipart upload; the browser sets the boundary. */
  postForm: <T>(path: string, form: FormData, options?: RequestOptions) =>
    request<T>('POST', path, form, options),
  /** `body`, for the few DELETEs that name what goes (a push subscription's endpoint). */
  delete: <T>(path: string, options?: RequestOptions & { body?: unknown }) =>
    request<T>('DELETE', path, options?.body, options),
  /** A GET answered by bytes (a photo for an export): the OK response, its body unread. */
  getResponse: (path: string, options?: RequestOptions) =>
    request<Response>('GET', path, undefined, options, 'response'),
};
