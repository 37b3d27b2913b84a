// The one place the function decides whether a person has Moments Plus in force: the sign-in
// answers, GET /api/user, GET /api/billing and the photo allowance all ask here.
import { hasSubscriptionInForce } from '@moments/shared';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';

/** users.subscriptionCurrentPeriodEnd as a Date (null when unset). */
export function subscriptionPeriodEnd(doc: DocumentSnapshot): Date | null {
  const value = doc.get('subscriptionCurrentPeriodEnd') as unknown;
  return value instanceof Timestamp ? value.toDate() : null;
}

/** `hasSubscription`: status active or trialing, and the period not over yet. */
export function hasSubscription(doc: DocumentSnapshot, now = Date.now()): boolean {
  return hasSubscriptionInForce(doc.get('subscriptionStatus'), subscriptionPeriodEnd(doc), now);
}
