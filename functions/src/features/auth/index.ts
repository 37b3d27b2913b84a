// What other features may use of the auth feature (and nothing else of its insides): the
// sharing feature reads people's cards and starts the session of an invite-link sign-up; the
// admin feature sets admin logins, ends a person's sessions and deletes their passkeys; the
// account feature asks for a fresh proof (a code or a passkey step) before deleting an account.
// Auth itself imports no other feature.
export { startSession } from './session';
export { dropStoredAdminClaims } from '../../lib/admin-claim';
export { createUnverifiedAccount } from './unverified-accounts';
export { findUserByPhone, toIso, users } from './users';
export { newCredentials, normalizeUsername } from './passwords';
export { revokeSessions } from './revoke';
export { deletePasskeysOf } from './passkeys';
export {
  checkFreshCode,
  checkFreshPasskey,
  freshProofsOf,
  sendFreshCode,
  sendFreshPasskeyChallenge,
} from './fresh-proof';
