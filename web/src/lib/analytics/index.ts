// Analytics for the rest of the app: track() and logout's reset. This is the only analytics code
// in the pages' own bundles, so it is kept tiny: the tracker (app/analytics-tracker.tsx, loaded
// by the root layout on its own) brings the rest after the first render and takes over the calls
// made until then.

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
let sink: AnalyticsSink | null = null;
const waiting: ((sink: AnalyticsSink) => void)[] = [];

function send(call: (sink: AnalyticsSink) => void) {
  if (sink) call(sink);
  else if (waiting.length < MAX_WAITING) waiting.push(call);
}

/** The tracker hands over the running analytics, which take the calls made until then. */
export function connectAnalytics(runtime: AnalyticsSink) {
  sink = runtime;
  for (const call of waiting.splice(0)) call(runtime);
}

/** Logout: a new anonymous identity, and neither analytics flag left behind. */
export function resetAnalytics() {
  try {
    localStorage.removeItem(LAST_IDENTIFIED_USER_KEY);
    localStorage.removeItem(ANALYTICS_INITIALISED_KEY);
  } catch {
    // storage unavailable: nothing to remove
  }
  send((s) => s.reset());
}

export function track(event: AnalyticsEvent, properties?: EventProperties) {
  send((s) => s.track(event, properties));
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
