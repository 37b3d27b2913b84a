import { useEffect, useRef } from 'react';
import { ADMIN_IDLE_MS } from '@moments/shared';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Calls `onIdle` once after ADMIN_IDLE_MS without a tap, click, key or scroll. The server
 * ends an idle admin session on its own; this only makes the page follow without waiting for
 * the next call.
 */
export function useIdleSignOut(onIdle: () => void, idleMs = ADMIN_IDLE_MS) {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    let timer = window.setTimeout(() => callback.current(), idleMs);
    const reset = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => callback.current(), idleMs);
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, reset, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, reset);
    };
  }, [idleMs]);
}
