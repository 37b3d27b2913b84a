// The VAPID key pair the function signs each push with (RFC 8292). Production: the public
// key and subject as settings, the private key a secret (README, "Notifications"); under the
// emulators scripts/firebase.mjs makes a throwaway pair for each run.
export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The configured pair, or null when notifications are off (no VAPID_* set). */
export function vapidDetails(env: NodeJS.ProcessEnv = process.env): VapidDetails | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  const subject = env.VAPID_SUBJECT?.trim();
  if (!publicKey || !privateKey || !subject) return null;
  return { publicKey, privateKey, subject };
}
