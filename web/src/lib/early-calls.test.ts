import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_CALL_TTL_MS, keepEarlyCall, peekEarlyCall, takeEarlyCall } from './early-calls';

describe('early calls', () => {
  // A fresh page for each test: the registry lives on the page's global object.
  beforeEach(() => {
    vi.stubGlobal('momentsEarlyCalls', undefined);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives a kept call to the first taker only; a look leaves it in place', async () => {
    keepEarlyCall('answers', '/api/journals', Promise.resolve(['m1']));
    await expect(peekEarlyCall('answers', '/api/journals')).resolves.toEqual(['m1']);
    await expect(takeEarlyCall('answers', '/api/journals')).resolves.toEqual(['m1']);
    expect(takeEarlyCall('answers', '/api/journals')).toBeUndefined();
    expect(peekEarlyCall('answers', '/api/journals')).toBeUndefined();
  });

  it("keeps the page script's requests apart from the router's answers for the same address", async () => {
    const response = Promise.resolve(Response.json(['m1']));
    keepEarlyCall('requests', '/api/journals', response);
    expect(peekEarlyCall('answers', '/api/journals')).toBeUndefined();
    keepEarlyCall('answers', '/api/journals', Promise.resolve(['parsed']));
    expect(takeEarlyCall('requests', '/api/journals')).toBe(response);
    await expect(takeEarlyCall('answers', '/api/journals')).resolves.toEqual(['parsed']);
  });

  it('leaves a call nobody took within EARLY_CALL_TTL_MS (its page never asked)', async () => {
    keepEarlyCall('requests', '/api/user', Promise.resolve('first'));
    await vi.advanceTimersByTimeAsync(EARLY_CALL_TTL_MS - 1);
    expect(peekEarlyCall('requests', '/api/user')).toBeDefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(peekEarlyCall('requests', '/api/user')).toBeUndefined();
    expect(takeEarlyCall('requests', '/api/user')).toBeUndefined();
  });

  it("is shared by every bundle of the page (the page's script has a copy of its own)", async () => {
    keepEarlyCall('requests', '/api/user', Promise.resolve('from the script'));
    vi.resetModules();
    const app = await import('./early-calls');
    await expect(app.takeEarlyCall('requests', '/api/user')).resolves.toBe('from the script');
  });
});
