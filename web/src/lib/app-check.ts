// The App Check header for the calls that send an SMS. Without a configured site key (always
// under the emulators) it is empty and loads nothing, so the sign-in screen stays light.
import { readEnv } from '../config/env';
import { loadFirebase } from './firebase-loader';

export async function appCheckHeaders(): Promise<Record<string, string>> {
  if (!readEnv().appCheckSiteKey) return {};
  const token = await (await loadFirebase()).getAppCheckToken();
  return token ? { 'X-Firebase-AppCheck': token } : {};
}
