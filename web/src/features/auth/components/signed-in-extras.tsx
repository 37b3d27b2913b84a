import { lazy, Suspense, useEffect, useState } from 'react';
import { afterSettled } from '../../../lib/schedule';
import { isPasskeyOfferDue } from '../utils/passkey-offer';

const PasskeyOffer = lazy(() =>
  import('./passkey-offer').then((module) => ({ default: module.PasskeyOffer })),
);

/** How long after the page settles the daily renewal waits, unless the page is hidden first. */
const RENEWAL_DELAY_MS = 60_000;

/**
 * The daily session renewal, at the calmest moment of a visit: the first time the page is
 * hidden, or a minute after it settled. It loads Firebase Auth into the page (~45 KB gzip, which
 * the live-data worker otherwise keeps out of it), which must never compete with a screen.
 */
function renewWhenCalm(): () => void {
  let done = false;
  const renew = () => {
    if (done) return;
    done = true;
    void import('../utils/session-renewal').then(({ renewSessionIfDue }) => renewSessionIfDue());
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') renew();
  };
  document.addEventListener('visibilitychange', onHidden);
  const timer = window.setTimeout(renew, RENEWAL_DELAY_MS);
  return () => {
    document.removeEventListener('visibilitychange', onHidden);
    window.clearTimeout(timer);
  };
}

/**
 * What a signed-in page does once it has settled, never before: the daily session renewal, and
 * after a code or Apple sign-in the one passkey offer. Their code is fetched only then.
 */
export function SignedInExtras() {
  const [offer, setOffer] = useState(false);
  useEffect(() => {
    let stopRenewal = () => {};
    const cancel = afterSettled(() => {
      stopRenewal = renewWhenCalm();
      if (isPasskeyOfferDue() && typeof window.PublicKeyCredential === 'function') {
        setOffer(true);
      }
    });
    return () => {
      cancel();
      stopRenewal();
    };
  }, []);
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <PasskeyOffer onClose={() => setOffer(false)} />
    </Suspense>
  );
}
