// The sign-in page's passkey calls, without the passkey code itself: ./passkeys (and
// @simplewebauthn/browser with it) is fetched at the first use, so /auth's first screen does
// not carry it.
import { loadOnce } from '../../../lib/load-later';
import { useSignInMutation } from './verify';

export const loadPasskeys = loadOnce(() => import('./passkeys'));

/** Signs in with a passkey (`true`: from the phone field's autofill); then the cached user is set. */
export function usePasskeySignIn() {
  return useSignInMutation(async (autofill: boolean) =>
    (await loadPasskeys()).signInWithPasskey(autofill),
  );
}
