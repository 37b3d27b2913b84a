// Small lists of strings this device keeps across reloads (the synced queries, the moments
// refused to this reader), in localStorage. The live-data worker (src/live-worker.ts) has no
// localStorage: there, each list is a copy the page sends with every listen, and a change is
// written to the copy and sent back to the page, which stores it.

import { readStoredJson, safeLocalStorage, writeStoredJson } from './safe-storage';

type ListWrite = (key: string, list: string[]) => void;

/** In the worker: the page's lists, as last sent, and how a change goes back to the page. */
let copy: Map<string, string[]> | undefined;
let sendWrite: ListWrite | undefined;

/** In the worker: takes the page's current lists (each listen sends those its listener reads). */
export function setListCopy(lists: Record<string, string[]>, send: ListWrite): void {
  copy ??= new Map();
  for (const [key, list] of Object.entries(lists)) copy.set(key, list);
  sendWrite = send;
}

export function readStoredList(key: string): string[] {
  if (copy) return copy.get(key) ?? [];
  const list = readStoredJson(safeLocalStorage, key);
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** Stores the list, or removes it when empty. */
export function writeStoredList(key: string, list: string[]): void {
  if (copy) {
    copy.set(key, list);
    sendWrite?.(key, list);
    return;
  }
  // Not kept (storage full or off): the list is a hint, and its users cope without it.
  if (list.length === 0) safeLocalStorage.removeItem(key);
  else writeStoredJson(safeLocalStorage, key, list);
}

/** The lists the worker needs, read from localStorage in the page. */
export function readStoredLists(keys: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(keys.map((key) => [key, readStoredList(key)]));
}
