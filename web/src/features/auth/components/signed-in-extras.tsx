import { lazy, Suspense, useEffect, useState } from 'react';
import { withUiKitTheme } from '../../../components/ui/with-ui-kit-theme';
import { afterSettled } from '../../../lib/schedule';
import { isPasskeyOfferDue } from '../utils/passkey-offer';

const PasskeyOffer = lazy(
  withUiKitTheme(() =>
    import('./passkey-offer').then((module) => ({ default: module.PasskeyOffer })),
  ),
);

/**
 * What a signed-in page does once it has settled, never before: the daily session renewal, and
 * after a code or Apple sign-in the one passkey offer. Their code is fetched only then.
 */
export function SignedInExtras() {
  const [offer, setOffer] = useState(false);
  useEffect(
    () =>
      afterSettled(() => {
        void import('../utils/session-renewal').then(({ renewSessionIfDue }) =>
          renewSessionIfDue(),
        );
        if (isPasskeyOfferDue() && typeof window.PublicKeyCredential === 'function') {
          setOffer(true);
        }
      }),
    [],
  );
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <PasskeyOffer onClose={() => setOffer(false)} />
    </Suspense>
  );
}
