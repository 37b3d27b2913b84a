// The passkey offer after a code or Apple sign-in ("Sign in faster next time with a passkey"):
// due once such a sign-in succeeded on this device, shown once at a calm moment
// (components/passkey-offer.tsx), then never again here, whatever the answer.
import { safeLocalStorage } from '../../../lib/safe-storage';

const DUE_KEY = 'moments.passkeyOfferDue';
const OFFERED_KEY = 'moments.passkeyOffered';

export function markPasskeyOfferDue(): void {
  if (!safeLocalStorage.getItem(OFFERED_KEY)) safeLocalStorage.setItem(DUE_KEY, '1');
}

export function isPasskeyOfferDue(): boolean {
  return safeLocalStorage.getItem(DUE_KEY) === '1' && !safeLocalStorage.getItem(OFFERED_KEY);
}

export function markPasskeyOffered(): void {
  safeLocalStorage.setItem(OFFERED_KEY, '1');
  safeLocalStorage.removeItem(DUE_KEY);
}
