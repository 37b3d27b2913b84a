import { useMutation } from '@tanstack/react-query';
import type { BillingRedirect } from '@moments/shared';
import { api } from '../../../lib/api-client';

/** POST /api/billing/portal: Stripe's billing portal (plan, card, cancel), back to My Account. */
export function openPortal(): Promise<BillingRedirect> {
  return api.post<BillingRedirect>('/api/billing/portal');
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: openPortal,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
