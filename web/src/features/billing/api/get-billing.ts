import { useQuery } from '@tanstack/react-query';
import type { BillingSummary } from '@moments/shared';
import { api } from '../../../lib/api-client';

export const billingQueryKey = ['billing', 'summary'] as const;

/** GET /api/billing: the caller's plan, status, renewal or end date, and photo usage. */
export function getBilling({ signal }: { signal?: AbortSignal } = {}): Promise<BillingSummary> {
  return api.get<BillingSummary>('/api/billing', { signal });
}

interface UseBillingOptions {
  /** Asks again every `pollMs` (after a purchase, until Stripe's webhook has arrived). */
  pollMs?: number | false;
}

export function useBilling({ pollMs = false }: UseBillingOptions = {}) {
  return useQuery({
    queryKey: billingQueryKey,
    queryFn: ({ signal }) => getBilling({ signal }),
    // Fresh each time a screen shows it: Stripe changes it from outside the app.
    staleTime: 0,
    refetchInterval: pollMs,
  });
}
