import { queryOptions, useQuery } from '@tanstack/react-query';
import { QUERY_STALE_MS, type BillingPlans } from '@moments/shared';
import { api } from '../../../lib/api-client';

/** GET /api/billing/plans: Moments Plus prices from Stripe, or `configured: false`. */
export function getPlans({ signal }: { signal?: AbortSignal } = {}): Promise<BillingPlans> {
  return api.get<BillingPlans>('/api/billing/plans', { signal });
}

export function usePlans() {
  return useQuery(
    queryOptions({
      queryKey: ['billing', 'plans'],
      queryFn: ({ signal }) => getPlans({ signal }),
      staleTime: QUERY_STALE_MS,
    }),
  );
}
