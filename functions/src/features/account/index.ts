// What other features may use of account: the deletion core (the admin's Delete account).
export { eraseAccount, KEPT_AUTHOR_CARD, type ErasePlan } from './erase';
