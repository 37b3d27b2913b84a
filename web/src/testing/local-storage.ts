import { vi } from 'vitest';

/** localStorage as the browser keeps it, for the node test environment (undone by vi.unstubAllGlobals). */
export function stubLocalStorage(): void {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
}
