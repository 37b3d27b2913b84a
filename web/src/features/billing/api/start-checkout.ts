import { useMutation } from '@tanstack/react-query';
import { checkoutSchema, type BillingRedirect, type CheckoutInput } from '@moments/shared';
import { tracked } from '../../../lib/analytics';
import { api } from '../../../lib/api-client';

/** POST /api/billing/checkout: a Stripe Checkout page for Moments Plus. */
export function startCheckout(input: CheckoutInput): Promise<BillingRedirect> {
  return api.post<BillingRedirect>('/api/billing/checkout', checkoutSchema.parse(input));
}

/** Starts Checkout and sends the browser there (Stripe returns it to /subscribe). */
export function useStartCheckout() {
  return useMutation({
    // Tracked by plan and flow only: the Checkout address holds Stripe's session id.
    mutationFn: (input: CheckoutInput) =>
      tracked(startCheckout(input), 'subscription_checkout_started', {
        flow: input.flow ?? 'account',
        period: input.period,
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
