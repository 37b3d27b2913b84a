// Analytics for the rest of the app: track() and logout's reset. This is the only analytics code
// in the pages' own bundles, so it is kept tiny: the tracker (app/analytics-tracker.tsx, loaded
// by the root layout on its own) brings the rest after the first render and takes over the calls
// made until then.
import { readStoredJson, safeLocalStorage, writeStoredJson } from '../safe-storage';

/** What the product tracks: funnels and actions, by name; properties are ids and flags. */
export type AnalyticsEvent =
  | 'sign_in_code_requested'
  | 'sign_in_completed'
  | 'sign_up_code_requested'
  | 'sign_up_code_verified'
  | 'sign_up_completed'
  | 'apple_sign_in_completed'
  | 'invite_viewed'
  | 'invite_signed_up'
  | 'invite_accepted'
  | 'moment_created'
  | 'photo_added'
  | 'entry_posted'
  | 'moment_shared'
  | 'moment_pinned'
  | 'moment_unpinned'
  | 'moment_deleted'
  | 'update_notice_shown'
  | 'update_notice_taken'
  | 'subscription_viewed'
  | 'subscription_checkout_started'
  | 'subscription_checkout_succeeded'
  | 'subscription_checkout_cancelled';

export type EventProperties = Record<string, string | number | boolean | null>;

/** Local-storage flags of analytics (stored session flags): who was identified, and that it ran. */
export const LAST_IDENTIFIED_USER_KEY = 'lastIdentifiedUserId';
export const ANALYTICS_INITIALISED_KEY = 'analyticsInitialized';

/** Where calls go once analytics run (./runtime). */
interface AnalyticsSink {
  track(event: string, properties?: EventProperties): void;
  reset(): void;
}

const MAX_WAITING = 100;

/** A tracked event keeps the time it happened and its id (the provider's `$insert_id`). */
type TrackCall = { type: 'track'; event: string; properties: EventProperties; time: number };
type WaitingCall = TrackCall | { type: 'reset' };

/**
 * Calls the page could not be sure were delivered when it was left (for Checkout, say): those
 * made before the tracker connected, and events handed to the library in the last seconds
 * (it sends in batches, and a page leaving can lose its last one). The next page's tracker
 * sends them first; the provider keeps one event per `$insert_id`.
 */
export const WAITING_CALLS_KEY = 'analyticsWaitingCalls';
/** How long an event handed to the library counts as perhaps not delivered yet. */
const RESEND_WINDOW_MS = 10_000;

let sink: AnalyticsSink | null = null;
let waiting: WaitingCall[] = [];
/** Events handed to the library, and when. */
let recent: { call: TrackCall; handedAt: number }[] = [];

/** Events handed to the library in the last RESEND_WINDOW_MS. */
function unsure(now = Date.now()) {
  return recent.filter((sent) => now - sent.handedAt < RESEND_WINDOW_MS);
}

/** Hands `call` to the library; an event counts as perhaps not delivered for a while. */
function hand(target: AnalyticsSink, call: WaitingCall, waited: boolean) {
  apply(target, call, waited);
  if (call.type === 'track') recent = [...unsure(), { call, handedAt: Date.now() }];
}

/** A call that waited is sent with the time it was made (the provider's `time`, in seconds). */
function apply(target: AnalyticsSink, call: WaitingCall, waited: boolean) {
  if (call.type === 'reset') target.reset();
  else if (waited) target.track(call.event, { ...call.properties, time: call.time / 1000 });
  else target.track(call.event, call.properties);
}

function send(call: WaitingCall) {
  if (sink) {
    hand(sink, call, false);
  } else if (waiting.length < MAX_WAITING) {
    waiting.push(call);
  }
}

function keptCalls(): WaitingCall[] {
  const kept = readStoredJson(safeLocalStorage, WAITING_CALLS_KEY);
  return Array.isArray(kept) ? (kept as WaitingCall[]) : [];
}

/** The page is being left: calls perhaps not delivered wait for the next page. */
export function keepWaitingCalls() {
  const calls = [...unsure().map((sent) => sent.call), ...waiting];
  if (calls.length === 0) return;
  // Not kept (storage off or full): these calls are lost, as before they were kept.
  const kept = [...keptCalls(), ...calls].slice(-MAX_WAITING);
  if (writeStoredJson(safeLocalStorage, WAITING_CALLS_KEY, kept)) {
    waiting = [];
    recent = [];
  }
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', keepWaitingCalls);

/**
 * The tracker hands over the running analytics, which take the calls made until then: first
 * those an earlier page kept, then this page's.
 */
export function connectAnalytics(runtime: AnalyticsSink) {
  const calls = [...keptCalls(), ...waiting];
  waiting = [];
  safeLocalStorage.removeItem(WAITING_CALLS_KEY);
  sink = runtime;
  for (const call of calls) hand(runtime, call, true);
}

/** Logout: a new anonymous identity, and neither analytics flag left behind. */
export function resetAnalytics() {
  safeLocalStorage.removeItem(LAST_IDENTIFIED_USER_KEY);
  safeLocalStorage.removeItem(ANALYTICS_INITIALISED_KEY);
  send({ type: 'reset' });
}

/** An event id for the provider (up to 36 letters and digits), made once per event. */
function insertId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

export function track(event: AnalyticsEvent, properties?: EventProperties) {
  send({ type: 'track', event, properties: { ...properties, $insert_id: insertId() }, time: Date.now() });
}

/** `result`, tracking `event` once it has succeeded (properties may come from the answer). */
export async function tracked<T>(
  result: Promise<T>,
  event: AnalyticsEvent,
  properties?: EventProperties | ((answer: T) => EventProperties),
): Promise<T> {
  const answer = await result;
  track(event, typeof properties === 'function' ? properties(answer) : properties);
  return answer;
}
