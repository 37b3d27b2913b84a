// The request body of POST /api/billing/checkout. Apart from ../billing, which has no zod, so a
// page that only names the plan or links to it (a moment's page) does not bring zod with it.
import { z } from 'zod';
import { BILLING_MESSAGES, BILLING_PERIODS, CHECKOUT_FLOWS } from '../billing';

/** POST /api/billing/checkout. */
export const checkoutSchema = z.object({
  period: z.enum(BILLING_PERIODS, { error: BILLING_MESSAGES.periodInvalid }),
  flow: z.enum(CHECKOUT_FLOWS).default('account'),
});
export type CheckoutInput = z.input<typeof checkoutSchema>;
