// Passkeys in the browser, with @simplewebauthn/browser: loaded on demand (this module is
// imported only by a tap, by the sign-in page's autofill once the page has settled, or by My
// Account), so /auth and /home ship without it. The server keeps the challenges, bound to this
// browser's cookie; this module only carries them to the authenticator and back.
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type {
  AdminPasskeyChallenge,
  PasskeyList,
  PasskeySummary,
  SignInResponse,
} from '@moments/shared';
import { api } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { oneCookieWriteAtATime } from '../utils/one-cookie-write';
import { signInFirebaseClient } from './verify';

export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill };

/** Stops a passkey request under way (the sign-in page is left). */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}

/**
 * Signs in with a passkey: from the phone field's autofill (`autofill`, WebAuthn conditional
 * UI: resolves when the person picks a passkey there) or from the button. Then, as after a
 * code, the Firebase client sign-in.
 */
export async function signInWithPasskey(autofill: boolean): Promise<SignInResponse> {
  const optionsJSON = await oneCookieWriteAtATime(() =>
    api.post<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/options'),
  );
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  const answer = await api.post<SignInResponse>('/api/auth/passkey/login', { response });
  await signInFirebaseClient(answer.customToken);
  track('sign_in_completed', { method: 'passkey' });
  return answer;
}

/** The admin login's second step: the passkey of the admin whose password was just given. */
export async function confirmAdminWithPasskey(
  challenge: AdminPasskeyChallenge,
): Promise<SignInResponse> {
  const optionsJSON = challenge.options as PublicKeyCredentialRequestOptionsJSON;
  const response = await startAuthentication({ optionsJSON });
  return api.post<SignInResponse>('/api/auth/admin/passkey', { response });
}

/**
 * A passkey step before a signed-in action that cannot be undone (deleting the account): the
 * server's challenge from `optionsPath` (bound to this browser and the person), answered by
 * one of the person's passkeys with user verification. The caller sends the answer.
 */
export async function answerPasskeyStep(optionsPath: string): Promise<AuthenticationResponseJSON> {
  const optionsJSON = await oneCookieWriteAtATime(() =>
    api.post<PublicKeyCredentialRequestOptionsJSON>(optionsPath),
  );
  return startAuthentication({ optionsJSON });
}

/** A name for a new passkey: the kind of device it was made on, as the person knows it. */
export function deviceName(userAgent = navigator.userAgent): string {
  const system = (
    [
      [/iPhone/, 'iPhone'],
      [/iPad/, 'iPad'],
      [/Android/, 'Android'],
      [/Mac OS X|Macintosh/, 'Mac'],
      [/Windows/, 'Windows'],
      [/CrOS/, 'Chromebook'],
      [/Linux/, 'Linux'],
    ] as const
  ).find(([pattern]) => pattern.test(userAgent))?.[1];
  const browser = (
    [
      [/Edg\//, 'Edge'],
      [/Firefox\//, 'Firefox'],
      [/Chrome\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ] as const
  ).find(([pattern]) => pattern.test(userAgent))?.[1];
  if (system && browser) return `${browser} on ${system}`;
  return system ?? browser ?? 'Passkey';
}

/** Makes a passkey on this device for the signed-in person and keeps it on the server. */
export async function addPasskey(): Promise<PasskeySummary> {
  const optionsJSON = await oneCookieWriteAtATime(() =>
    api.post<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkeys/options'),
  );
  const response = await startRegistration({ optionsJSON });
  const added = await api.post<PasskeySummary>('/api/auth/passkeys', {
    response,
    name: deviceName(),
  });
  return added;
}

export async function listPasskeys(): Promise<PasskeySummary[]> {
  return (await api.get<PasskeyList>('/api/auth/passkeys')).passkeys;
}

export async function removePasskey(id: string): Promise<void> {
  await api.delete(`/api/auth/passkeys/${encodeURIComponent(id)}`);
}
