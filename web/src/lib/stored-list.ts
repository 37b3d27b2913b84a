// Small lists of strings this device keeps across reloads (the synced queries, the moments
// refused to this reader), in localStorage. The live-data worker (src/live-worker.ts) has no
// localStorage: there, each list is a copy the page sends with a listen that reads it. Both
// sides change lists, so what crosses between them is the change, not the list: a list sent
// whole could arrive after the other side had changed it, and undo that change.

import { readStoredJson, safeLocalStorage, writeStoredJson } from './safe-storage';

/** One item put last (kept to the newest `max`) or taken out, or the whole list emptied. */
export type ListChange =
  | { key: string; item: string; present: boolean; max: number }
  | { key: string; clear: true };

type SendChange = (change: ListChange) => void;

/** The list with the change applied (the same rule on both sides). */
export function changedList(list: string[], change: ListChange): string[] {
  if ('clear' in change) return [];
  const others = list.filter((item) => item !== change.item);
  return change.present ? [...others, change.item].slice(-change.max) : others;
}

/** In the worker: the page's lists, as first sent and changed since, and the way back. */
let copy: Map<string, string[]> | undefined;
let sendToPage: SendChange | undefined;
/** In the page: how a change reaches the running worker's copy. */
let sendToWorker: SendChange | undefined;

export function readStoredList(key: string): string[] {
  if (copy) return copy.get(key) ?? [];
  const list = readStoredJson(safeLocalStorage, key);
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** Changes a list on this side and tells the other. */
export function changeStoredList(change: ListChange): void {
  if (copy) {
    changeCopy(change);
    // Also when the copy lacks the list: the page's stored list takes it.
    sendToPage?.(change);
    return;
  }
  storeListChange(change);
  sendToWorker?.(change);
}

/**
 * In the page: applies a change to localStorage (one made here, or one from the worker). Not
 * kept when storage is full or off: the list is a hint, and its users cope without it.
 */
export function storeListChange(change: ListChange): void {
  const list = changedList(readStoredList(change.key), change);
  if (list.length === 0) safeLocalStorage.removeItem(change.key);
  else writeStoredJson(safeLocalStorage, change.key, list);
}

/** In the page: the running worker (or none) that hears the page's changes. */
export function sendListChangesTo(send: SendChange | undefined): void {
  sendToWorker = send;
}

/** The lists the worker needs, read from localStorage in the page. */
export function readStoredLists(keys: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(keys.map((key) => [key, readStoredList(key)]));
}

/** In the worker, at its start: lists live in a copy, and changes go to the page. */
export function keepListsForPage(send: SendChange): void {
  copy = new Map();
  sendToPage = send;
}

/**
 * In the worker: takes the lists a listen sent that the copy does not hold yet. One it holds
 * is as new as the page's or newer (the page's changes reach it in order; its own may still be
 * on their way to the page).
 */
export function takeLists(lists: Record<string, string[]>): void {
  for (const [key, list] of Object.entries(lists)) if (!copy?.has(key)) copy?.set(key, list);
}

/** In the worker: a change the page made (to a list the copy holds; later listens send others). */
export function changeCopy(change: ListChange): void {
  const list = copy?.get(change.key);
  if (list) copy!.set(change.key, changedList(list, change));
}
