// The analytics library itself, loaded on demand (see ./index.ts): mixpanel-browser's core
// build, whose session recorder is a separate file served from this site and fetched only when
// a replay starts.
import type { AnalyticsConfig, CurrentUser } from '@moments/shared';
import mixpanel from 'mixpanel-browser/dist/mixpanel-with-async-recorder.cjs.js';
import recorderUrl from 'mixpanel-browser/dist/mixpanel-recorder.min.js?url';
import { safeLocalStorage } from '../safe-storage';
import { afterPaint, afterTask } from '../schedule';
import { ANALYTICS_INITIALISED_KEY, LAST_IDENTIFIED_USER_KEY, type EventProperties } from './index';
import { isRecordablePage, scrubPath } from './privacy';
import { mixpanelSettings } from './settings';

/**
 * mixpanel-browser reads Retry-After of a failed event batch from `xhr.responseHeaders`, which
 * no browser has, so it never honoured it. This supplies that one header; nothing else reads the
 * property. (Replay batches use fetch, where the library reads it itself.)
 */
function supplyRetryAfterToLibrary() {
  if ('responseHeaders' in XMLHttpRequest.prototype) return;
  Object.defineProperty(XMLHttpRequest.prototype, 'responseHeaders', {
    configurable: true,
    get(this: XMLHttpRequest) {
      const retryAfter = this.readyState >= 2 ? this.getResponseHeader('Retry-After') : null;
      return retryAfter === null ? {} : { 'Retry-After': retryAfter };
    },
  });
}

/**
 * Reads, in a task of its own, what the library's start reads first: the tab's sessionStorage,
 * which the browser opens on first use, and the page's cookies, which it fetches on first read.
 * Each is a wait on the browser; within the library's start they made one long task longer.
 */
export function prepareClient(): void {
  try {
    void window.sessionStorage.length;
    void document.cookie;
  } catch {
    // storage or cookies unavailable: the library falls back by itself
  }
}

/** Input events whose tracking waits until the frame that answers them has painted. */
const PRESS_EVENTS = new Set([
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'change',
  'input',
  'submit',
  'keydown',
  'keyup',
]);

/**
 * Events tracked while the browser dispatches a press (autocapture's click, the field's change
 * as it loses the focus, the form's submit, the app's own events of that press) are handed to
 * the library once the frame that answers the press has painted, in their order, with the time
 * and address of the press. The library's track() builds its properties and writes its queue and
 * persistence to localStorage, which in the press's own task held back that frame
 * (docs/startup.md, "The first touch"). Other calls (the page-leave beacon) go at once.
 */
function trackAfterPresses() {
  const track = mixpanel.track.bind(mixpanel);
  mixpanel.track = (event, properties, ...rest) => {
    const type = window.event?.type;
    if (type === undefined || !PRESS_EVENTS.has(type)) {
      track(event, properties, ...rest);
      return;
    }
    const pressed = { time: Date.now() / 1000, $current_url: location.href };
    afterPaint(() => track(event, { ...pressed, ...properties }, ...rest));
  };
}

export interface AnalyticsClient {
  track(event: string, properties?: EventProperties): void;
  identify(user: CurrentUser): void;
  reset(): void;
  setSharing(on: boolean): void;
  pageView(where: { pathname: string; search: string }): void;
}

export function startClient(config: AnalyticsConfig & { token: string }): AnalyticsClient {
  supplyRetryAfterToLibrary();
  const { autocapture, ...settings } = mixpanelSettings(config, recorderUrl);
  mixpanel.init(config.token, { ...settings, autocapture: false });
  trackAfterPresses();
  // Autocapture's start (listeners on the page, history hooks) in the next task: on a phone the
  // library's start was one long task. set_config starts it as init would have.
  afterTask(() => mixpanel.set_config({ autocapture }));

  // Sampled once per page load, as the library would; the replay runs only while sharing is on
  // and the page's address holds nothing personal.
  const sampled = config.recordSessionsPercent > 0 && Math.random() * 100 < config.recordSessionsPercent;
  let sharing = !mixpanel.has_opted_out_tracking();
  let recording = false;
  let page = { pathname: location.pathname, search: location.search };

  function updateReplay() {
    const wanted = sampled && sharing && isRecordablePage(page);
    if (wanted && !recording) {
      recording = true;
      mixpanel.start_session_recording();
    } else if (!wanted && recording) {
      recording = false;
      void mixpanel.stop_session_recording();
    }
  }

  return {
    track(event, properties) {
      mixpanel.track(event, properties);
    },
    identify(user) {
      const store = safeLocalStorage;
      if (store.getItem(LAST_IDENTIFIED_USER_KEY) === user.id && mixpanel.get_distinct_id() === user.id) {
        return;
      }
      mixpanel.identify(user.id);
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
      mixpanel.people.set({
        $name: name || null,
        $email: user.email,
        $phone: user.phoneNumber,
        first_name: user.firstName,
        last_name: user.lastName,
        has_profile_picture: Boolean(user.profilePictureUrl),
        created_at: user.createdAt,
      });
      store.setItem(LAST_IDENTIFIED_USER_KEY, user.id);
    },
    reset() {
      recording = false;
      mixpanel.reset();
      safeLocalStorage.removeItem(LAST_IDENTIFIED_USER_KEY);
      safeLocalStorage.removeItem(ANALYTICS_INITIALISED_KEY);
      updateReplay();
    },
    setSharing(on) {
      if (on === sharing) return;
      sharing = on;
      if (on) {
        mixpanel.opt_in_tracking();
      } else {
        // Stops batches and the replay at once; nothing more is sent, not even a deletion.
        recording = false;
        mixpanel.opt_out_tracking({ delete_user: false });
      }
      updateReplay();
    },
    pageView(where) {
      page = where;
      mixpanel.track('page_view', { path: scrubPath(where.pathname) });
      updateReplay();
    },
  };
}
