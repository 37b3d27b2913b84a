import { HttpError } from '@moments/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setIdTokenSource, startFirstCall } from './api-client';

afterEach(() => {
  setIdTokenSource(() => null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  it('sends JSON same-origin with no-cache headers', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/x');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      'Cache-Control': 'no-cache',
      'Content-Type': 'application/json',
    });
  });

  it('throws an HttpError "status: body" for a non-OK answer, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(new Response('{"message":"nope"}', { status: 404 }));
    const error = await api.get('/api/y').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('404: {"message":"nope"}');
    expect((error as HttpError).status).toBe(404);
    expect(log).toHaveBeenCalled();
  });

  it('uses the status text when the body is empty', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(api.get('/api/z')).rejects.toThrow('503: Service Unavailable');
  });

  it('does not log statuses the caller expects', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(api.get('/api/user', { expectedStatuses: [401] })).rejects.toThrow('401');
    expect(log).not.toHaveBeenCalled();
  });

  it('returns undefined for an empty success', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/api/journals/1')).resolves.toBeUndefined();
  });

  it('calls fetch in the same task when no ID token is pending (before code requests after it)', () => {
    const fetchMock = stubFetch(Response.json({}));
    setIdTokenSource(() => null);
    void api.get('/api/journals');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
  });

  it("waits for the client SDK's ID token when it is loading, and sends it", async () => {
    const fetchMock = stubFetch(Response.json({}));
    setIdTokenSource(() => Promise.resolve('id-token'));
    await api.get('/api/journals');
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({
      Authorization: 'Bearer id-token',
    });
  });

  it('falls back to the session cookie when the ID token cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetchMock = stubFetch(Response.json({}));
    setIdTokenSource(() => Promise.reject(new Error('no token')));
    await api.get('/api/journals');
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Authorization');
  });

  describe("calls the page's script started before the app's code", () => {
    // A fresh page: no call kept by another test (lib/early-calls.ts keeps them on the page).
    beforeEach(() => vi.stubGlobal('momentsEarlyCalls', undefined));

    it('takes up the answer once, instead of calling again', async () => {
      const fetchMock = stubFetch(Response.json({ id: 'u1' }));
      void startFirstCall('/api/user');
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls[0]![1]).toMatchObject({
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Cache-Control': 'no-cache' },
      });

      await expect(api.get('/api/user', { expectedStatuses: [401] })).resolves.toEqual({ id: 'u1' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // Taken: the next call asks the server again.
      fetchMock.mockResolvedValueOnce(Response.json({ id: 'u2' }));
      await expect(api.get('/api/user')).resolves.toEqual({ id: 'u2' });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('reports its failure as the client would', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const fetchMock = stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
      void startFirstCall('/api/journals');
      const error = await api.get('/api/journals').catch((e: unknown) => e);
      expect((error as HttpError).status).toBe(401);
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('leaves it to other addresses, other headers and answers over 10 s old', async () => {
      const fetchMock = stubFetch(Response.json({}));
      fetchMock.mockImplementation(async () => Response.json({}));
      const now = vi.spyOn(Date, 'now').mockReturnValue(1_000);
      void startFirstCall('/api/journals');
      await api.get('/api/journals/m1');
      await api.get('/api/journals', { headers: { Pragma: 'no-cache' } });
      expect(fetchMock).toHaveBeenCalledTimes(3);
      now.mockReturnValue(11_000);
      await api.get('/api/journals');
      expect(fetchMock).toHaveBeenCalledTimes(4);
    });
  });
});
