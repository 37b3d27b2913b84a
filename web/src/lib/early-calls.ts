// The one registry of calls started early, before the code that uses their answers runs, and
// taken up by that code instead of calling again. Two kinds, kept apart by what they hold:
//   requests  responses of GETs the page's script started before the app's code had arrived
//             (start/first-calls.ts); the app's client takes them up (lib/api-client.ts)
//   answers   a page's first answers, started by the router beside the page's code; the page's
//             query takes them up (features/moments/api/first-answers.ts)
// Kept on the page's global object: the page's script is a bundle of its own, with its own copy
// of this module.

/** A call not taken within this long is left: its page never asked for it. */
export const EARLY_CALL_TTL_MS = 10_000;

type Kind = 'requests' | 'answers';

interface EarlyCall {
  call: Promise<unknown>;
  startedAt: number;
}

function calls(kind: Kind): Map<string, EarlyCall> {
  const page = globalThis as { momentsEarlyCalls?: Partial<Record<Kind, Map<string, EarlyCall>>> };
  const registry = (page.momentsEarlyCalls ??= {});
  return (registry[kind] ??= new Map());
}

function fresh(call: EarlyCall | undefined): call is EarlyCall {
  return call !== undefined && Date.now() - call.startedAt < EARLY_CALL_TTL_MS;
}

/** Keeps `call`, started now, for the code that will ask for `path`. */
export function keepEarlyCall(kind: Kind, path: string, call: Promise<unknown>): void {
  calls(kind).set(path, { call, startedAt: Date.now() });
}

/** The call kept for `path`, at most once. */
export function takeEarlyCall<T>(kind: Kind, path: string): Promise<T> | undefined {
  const kept = calls(kind);
  const call = kept.get(path);
  kept.delete(path);
  return fresh(call) ? (call.call as Promise<T>) : undefined;
}

/** The call kept for `path`, without taking it. */
export function peekEarlyCall<T>(kind: Kind, path: string): Promise<T> | undefined {
  const call = calls(kind).get(path);
  return fresh(call) ? (call.call as Promise<T>) : undefined;
}
