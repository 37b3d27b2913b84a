// The /api/push paths, for the page (lib/push-device.ts, the notifications feature) and the
// service worker (src/sw-push.ts), which calls them without the API client.

export const PUSH_API = {
  config: '/api/push/config',
  subscription: '/api/push/subscription',
  settings: '/api/push/settings',
} as const;

export function journalMutePath(journalId: string): string {
  return `/api/journals/${encodeURIComponent(journalId)}/mute`;
}

/** The API client's own headers (lib/api-client.ts), for the worker's calls. */
export const PUSH_HEADERS = { Accept: 'application/json', 'Cache-Control': 'no-cache' } as const;
