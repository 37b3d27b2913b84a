// What other features use of billing.
export { cancelSubscriptionNow } from './cancel';
