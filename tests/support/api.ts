// A small HTTP client for API tests: keeps the session cookie like a browser would.
import { appUrl, latestCode, newClientAddress } from './emulators';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export class ApiClient {
  cookie: string | undefined;
  readonly clientAddress = newClientAddress();

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await fetch(`${await appUrl()}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        'X-Forwarded-For': this.clientAddress,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) {
      const [pair] = setCookie.split(';');
      this.cookie = pair && !pair.endsWith('=') ? pair : undefined;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
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

  /** Signs an existing phone account in through the API, as the web app does. */
  async signIn(phoneNumber: string): Promise<ApiResponse<Record<string, unknown>>> {
    const sent = await this.post('/api/auth/request-code', { phoneNumber, isSignUp: false });
    if (sent.status !== 200) throw new Error(`request-code answered ${sent.status}`);
    return this.post('/api/auth/verify', { phoneNumber, code: await latestCode(phoneNumber) });
  }
}
