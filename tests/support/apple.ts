// Sign in with Apple against the local stand-in that scripts/firebase.mjs starts with the
// emulators; its address and our client id reach the tests through the environment.
import { randomUUID } from 'node:crypto';
import { approveAtStandIn } from '../../scripts/apple-stand-in.mjs';
import { ApiClient } from './api';
import { appUrl, requireEnv } from './emulators';

export { appleSubFor } from '../../scripts/apple-stand-in.mjs';

/** A fresh Apple ID: a new test person at the stand-in. */
export function newAppleId(): string {
  return `apple-${randomUUID().slice(0, 8)}@example.com`;
}

export type StandInFault = 'foreign-key' | 'wrong-audience' | 'wrong-issuer' | 'expired';

/**
 * An authorisation code, as the browser would bring it back from the stand-in's page for
 * `appleId`. `fault` makes the identity token of that code wrong in one way; `scope: 'email'`
 * puts the email in it.
 */
export async function appleCode(
  appleId: string,
  options: { fault?: StandInFault; scope?: string } = {},
): Promise<string> {
  const back = await approveAtStandIn(requireEnv('APPLE_AUTHORIZE_URL'), {
    client_id: requireEnv('APPLE_CLIENT_ID'),
    redirect_uri: `${await appUrl()}/auth/apple-callback`,
    state: 'test-state',
    apple_id: appleId,
    ...options,
  });
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`The stand-in sent no code: ${back.toString()}`);
  return code;
}

/** An onboarded account made through Sign in with Apple, as if the person had signed up before. */
export async function createAppleUser(appleId: string, firstName = 'Alex'): Promise<string> {
  const client = new ApiClient();
  const origin = { Origin: await appUrl() };
  const { body } = await client.post<{ state: string }>('/api/auth/apple/state', {}, origin);
  const res = await client.post<{ id: string }>(
    '/api/auth/apple',
    { code: await appleCode(appleId), state: body.state },
    origin,
  );
  if (res.status !== 200) throw new Error(`Apple sign-in answered ${res.status}`);
  await client.post('/api/auth/onboard', { firstName, lastName: 'Apple' });
  return res.body.id;
}
