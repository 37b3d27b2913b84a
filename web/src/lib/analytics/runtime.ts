// What decides whether analytics run (loaded after the first render, see ./index.ts): the
// server's configuration, Global Privacy Control and the person's "Share usage data". The
// library (./client) is fetched only when the server supplies a token and the person has not
// said no, and once the page has settled. Until then events wait in a short queue; when analytics
// turn out to be off it is dropped.
import {
  ANALYTICS_CONFIG_TIMEOUT_MS,
  type AnalyticsConfig,
  type CurrentUser,
} from '@moments/shared';
import { api } from '../api-client';
import { safeLocalStorage } from '../safe-storage';
import { afterTask, untilIdle, untilSettled, untilTask } from '../schedule';
import type { AnalyticsClient } from './client';
import { ANALYTICS_INITIALISED_KEY, type EventProperties } from './index';
import { globalPrivacyControl } from './privacy';
import { startWebVitals } from './web-vitals';

type Command = (client: AnalyticsClient) => void;

const MAX_QUEUED = 100;
let state: 'idle' | 'waiting' | 'loading' | 'on' | 'off' = 'idle';
let client: AnalyticsClient | null = null;
let queue: Command[] = [];
let configRequest: ReturnType<typeof fetchAnalyticsConfig> | null = null;
/** undefined until the session is known; null when nobody is signed in. */
let sessionUser: CurrentUser | null | undefined;
let refusalLogged = false;

function run(command: Command) {
  if (client) command(client);
  else if (state !== 'off' && queue.length < MAX_QUEUED) queue.push(command);
}

function turnOff() {
  state = 'off';
  queue = [];
}

/**
 * The function answers only what the shared analyticsConfigSchema accepts; the page checks the
 * fields it relies on by hand, so that no page loads the validation library for this answer.
 */
export function readAnalyticsConfig(answer: unknown): AnalyticsConfig {
  const config = (answer ?? {}) as Partial<Record<keyof AnalyticsConfig, unknown>>;
  const { token, apiHost, recordSessionsPercent: percent } = config;
  const valid =
    (token === null || (typeof token === 'string' && token !== '')) &&
    (apiHost === null || (typeof apiHost === 'string' && /^https?:\/\/./.test(apiHost))) &&
    typeof percent === 'number' &&
    percent >= 0 &&
    percent <= 100 &&
    (config.webVitalsPercent === undefined ||
      (typeof config.webVitalsPercent === 'number' &&
        config.webVitalsPercent >= 0 &&
        config.webVitalsPercent <= 100));
  if (!valid) throw new Error('The analytics configuration is not valid.');
  return config as AnalyticsConfig;
}

/** GET /api/config/analytics with no-cache headers, aborted after 3 s; null when off. */
async function fetchAnalyticsConfig() {
  try {
    const answer = await api.get<unknown>('/api/config/analytics', {
      signal: AbortSignal.timeout(ANALYTICS_CONFIG_TIMEOUT_MS),
      headers: { Pragma: 'no-cache' },
    });
    const config = readAnalyticsConfig(answer);
    if (config.token) return { ...config, token: config.token };
    console.info('Analytics are off: the server supplies no project token.');
    return null;
  } catch (error) {
    console.warn('Analytics are off: the configuration could not be loaded.', error);
    return null;
  }
}

async function load() {
  state = 'loading';
  const config = await configRequest;
  if (!config) return turnOff();
  // The library and its start (long tasks on a phone) wait until the page has settled:
  // the first screen's code and photos come first, and its start-up is done. Events wait in the
  // queue meanwhile.
  await untilSettled();
  let started: AnalyticsClient;
  try {
    const client = await import('./client');
    // Evaluating the library's module, reading what its start reads first and starting it are
    // each a long task on a phone: apart.
    await untilTask();
    client.prepareClient();
    await untilTask();
    started = client.startClient(config);
  } catch (error) {
    console.warn('Analytics are off: the library could not start.', error);
    return turnOff();
  }
  // Starting the library and each waiting call (app_loaded first, as the library's start) are
  // tasks of their own: on a phone, together they were one long task, and the page can answer a
  // tap in between. Calls made meanwhile join the queue's end. The flag is set before the
  // hand-over, so that a logout waiting in the queue still clears it.
  await untilIdle();
  // Not kept (storage off): the flag is only a record.
  safeLocalStorage.setItem(ANALYTICS_INITIALISED_KEY, 'true');
  queue.unshift((c) => c.track('app_loaded'));
  const handOver = () => {
    const command = queue.shift();
    if (!command) {
      client = started;
      state = 'on';
      if (config.webVitalsPercent) {
        void startWebVitals(config.webVitalsPercent, track).catch((error: unknown) =>
          console.warn('Analytics: the Web Vitals library could not start.', error),
        );
      }
      return;
    }
    // A call that throws does not hold back the others, nor the start.
    try {
      command(started);
    } catch (error) {
      console.warn('Analytics: a waiting call failed.', error);
    }
    afterTask(handOver);
  };
  handOver();
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
      if (!refusalLogged) console.info('Analytics are off: this person turned "Share usage data" off.');
      refusalLogged = true;
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
export function start() {
  if (state !== 'idle') return;
  if (globalPrivacyControl()) {
    console.info('Analytics are off: the browser sends Global Privacy Control.');
    return turnOff();
  }
  state = 'waiting';
  configRequest = fetchAnalyticsConfig();
  apply();
}

/** The session as it becomes known and changes (sign-in, "Share usage data", sign-out). */
export function setUser(user: CurrentUser | null) {
  sessionUser = user;
  apply();
}

/** Logout: a new anonymous identity. */
export function reset() {
  run((c) => c.reset());
}

export function pageView(where: { pathname: string; search: string }) {
  run((c) => c.pageView(where));
}

export function track(event: string, properties?: EventProperties) {
  if (sessionUser !== undefined && !sharingWanted()) return;
  run((c) => c.track(event, properties));
}
