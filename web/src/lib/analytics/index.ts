// Analytics for the rest of the app: track() and the session hooks. Small on purpose: the
// library (./client) is fetched after the first render, only when the server supplies a token
// and the person has not said no (Global Privacy Control, or "Share usage data" off).
// Until then events wait in a short queue; when analytics turn out to be off it is dropped.
import { analyticsConfigSchema, ANALYTICS_CONFIG_TIMEOUT_MS, type CurrentUser } from '@moments/shared';
import { api } from '../api-client';
import type { AnalyticsClient, EventProperties } from './client';
import { ANALYTICS_INITIALISED_KEY, LAST_IDENTIFIED_USER_KEY } from './flags';
import { globalPrivacyControl } from './privacy';

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

type Command = (client: AnalyticsClient) => void;

const MAX_QUEUED = 100;
let state: 'idle' | 'waiting' | 'loading' | 'on' | 'off' = 'idle';
let client: AnalyticsClient | null = null;
let queue: Command[] = [];
let configRequest: ReturnType<typeof fetchAnalyticsConfig> | null = null;
/** undefined until the session is known; null when nobody is signed in. */
let sessionUser: CurrentUser | null | undefined;

function run(command: Command) {
  if (client) command(client);
  else if (state !== 'off' && queue.length < MAX_QUEUED) queue.push(command);
}

function turnOff() {
  state = 'off';
  queue = [];
}

/** GET /api/config/analytics with no-cache headers, aborted after 3 s; null when off. */
async function fetchAnalyticsConfig() {
  try {
    const answer = await api.get<unknown>('/api/config/analytics', {
      signal: AbortSignal.timeout(ANALYTICS_CONFIG_TIMEOUT_MS),
      headers: { Pragma: 'no-cache' },
    });
    const config = analyticsConfigSchema.parse(answer);
    return config.token ? { ...config, token: config.token } : null;
  } catch (error) {
    console.warn('Analytics are off: the configuration could not be loaded.', error);
    return null;
  }
}

async function load() {
  state = 'loading';
  const config = await configRequest;
  if (!config) return turnOff();
  try {
    const { startClient } = await import('./client');
    client = startClient(config);
  } catch (error) {
    console.warn('Analytics are off: the library could not start.', error);
    return turnOff();
  }
  state = 'on';
  for (const command of queue.splice(0)) command(client);
}

function sharingWanted(): boolean {
  return sessionUser?.shareUsageData !== false;
}

/** Starts or stops what the current session allows. */
function apply() {
  if (state === 'off' || state === 'idle' || sessionUser === undefined) return;
  if (state === 'waiting') {
    if (!sharingWanted()) {
      queue = [];
      return;
    }
    void load();
  }
  const user = sessionUser;
  const sharing = sharingWanted();
  run((c) => {
    c.setSharing(sharing);
    if (user && sharing) c.identify(user);
  });
}

/** At app load, after the first render. */
export function startAnalytics() {
  if (state !== 'idle') return;
  if (globalPrivacyControl()) return turnOff();
  state = 'waiting';
  configRequest = fetchAnalyticsConfig();
  apply();
}

/** The session as it becomes known and changes (sign-in, "Share usage data", sign-out). */
export function setAnalyticsUser(user: CurrentUser | null) {
  sessionUser = user;
  apply();
}

/** Logout: a new anonymous identity, and neither flag left behind. */
export function resetAnalytics() {
  try {
    localStorage.removeItem(LAST_IDENTIFIED_USER_KEY);
    localStorage.removeItem(ANALYTICS_INITIALISED_KEY);
  } catch {
    // storage unavailable: nothing to remove
  }
  run((c) => c.reset());
}

export function trackPageView(where: { pathname: string; search: string }) {
  run((c) => c.pageView(where));
}

export function track(event: AnalyticsEvent, properties?: EventProperties) {
  if (sessionUser !== undefined && !sharingWanted()) return;
  run((c) => c.track(event, properties));
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

export { ANALYTICS_SENSITIVE_CLASS } from './privacy';
