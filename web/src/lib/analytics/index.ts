// Analytics for the rest of the app: track() and the session hooks. Tiny on purpose: the rest
// (./runtime: configuration and consent; ./client: the library) loads after the first render,
// so nothing of it is in the sign-in screen's bundle. Calls made before then wait in a queue.
import type { CurrentUser } from '@moments/shared';
import type { EventProperties } from './client';
import { ANALYTICS_INITIALISED_KEY, LAST_IDENTIFIED_USER_KEY } from './flags';

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
  | 'update_notice_taken';

type Runtime = typeof import('./runtime');

const MAX_WAITING = 100;
let runtime: Runtime | null = null;
let started = false;
const waiting: ((runtime: Runtime) => void)[] = [];

function withRuntime(call: (runtime: Runtime) => void) {
  if (runtime) call(runtime);
  else if (waiting.length < MAX_WAITING) waiting.push(call);
}

/** At app load, after the first render. */
export function startAnalytics() {
  if (started) return;
  started = true;
  import('./runtime')
    .then((loaded) => {
      runtime = loaded;
      loaded.start();
      for (const call of waiting.splice(0)) call(loaded);
    })
    .catch((error: unknown) => console.warn('Analytics are off: they could not load.', error));
}

/** The session as it becomes known and changes (sign-in, "Share usage data", sign-out). */
export function setAnalyticsUser(user: CurrentUser | null) {
  withRuntime((r) => r.setUser(user));
}

/** Logout: a new anonymous identity, and neither analytics flag left behind. */
export function resetAnalytics() {
  try {
    localStorage.removeItem(LAST_IDENTIFIED_USER_KEY);
    localStorage.removeItem(ANALYTICS_INITIALISED_KEY);
  } catch {
    // storage unavailable: nothing to remove
  }
  withRuntime((r) => r.reset());
}

export function trackPageView(where: { pathname: string; search: string }) {
  withRuntime((r) => r.pageView(where));
}

export function track(event: AnalyticsEvent, properties?: EventProperties) {
  withRuntime((r) => r.track(event, properties));
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
