// A small HTTP client for API tests: keeps the session cookie like a browser would.
import { appUrl, forwardedFor, latestCode, newClientAddress } from './emulators';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

async function toApiResponse<T>(res: Response): Promise<ApiResponse<T>> {
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export class ApiClient {
  cookie: string | undefined;
  /** `Bearer <ID token>`, for a client signed in without the API (see tokenSignedIn). */
  authorization: string | undefined;
  /** This client's address as Google's front end would report it (see forwardedFor). */
  readonly clientAddress: string;

  constructor(clientAddress = newClientAddress()) {
    this.clientAddress = clientAddress;
  }

  /** Sends a request with the session cookie and keeps any cookie the answer sets. */
  async send(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const res = await fetch(`${await appUrl()}${path}`, {
      method,
      headers: {
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...(this.authorization ? { Authorization: this.authorization } : {}),
        'X-Forwarded-For': forwardedFor(this.clientAddress),
        ...init.headers,
      },
      body: init.body,
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair && !pair.endsWith('=') ? pair : undefined;
    }
    return res;
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await this.send(method, path, {
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return toApiResponse<T>(res);
  }

  /** A multipart/form-data POST (uploads), answered like request(). */
  async postForm<T = Record<string, unknown>>(path: string, form: FormData) {
    return toApiResponse<T>(await this.send('POST', path, { body: form }));
  }

  /** A GET whose answer is bytes (photos). */
  async getBytes(path: string): Promise<ApiResponse<Buffer>> {
    const res = await this.send('GET', path);
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()), headers: res.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }

  patch<T = Record<string, unknown>>(path: string, body: unknown) {
    return this.request<T>('PATCH', path, body);
  }

  put<T = Record<string, unknown>>(path: string, body: unknown) {
    return this.request<T>('PUT', path, body);
  }

  delete<T = Record<string, unknown>>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Signs an existing phone account in through the API, as the web app does. */
  async signIn(phoneNumber: string): Promise<ApiResponse<Record<string, unknown>>> {
    const sent = await this.post('/api/auth/request-code', { phoneNumber, isSignUp: false });
    if (sent.status !== 200) throw new Error(`request-code answered ${sent.status}`);
    return this.verifyLatestCode(phoneNumber);
  }

  /** POST /api/auth/verify with the last code sent to this number. */
  async verifyLatestCode<T = Record<string, unknown>>(phoneNumber: string) {
    return this.post<T>('/api/auth/verify', { phoneNumber, code: await latestCode(phoneNumber) });
  }
}

/** For a test file's beforeAll: fails at once, and clearly, unless the emulators' API answers. */
export async function expectApiUp(): Promise<void> {
  const res = await fetch(`${await appUrl()}/api/user`);
  if (res.status !== 401) throw new Error(`GET /api/user answered ${res.status}, not 401.`);
}
