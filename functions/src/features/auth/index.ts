// What other features may use of auth: accounts, sessions, Firebase Auth's tokens.
export { idTokenForCustomToken } from './identity-toolkit';
export { startSession } from './session';
export { findUserByPhone, toIso, updateProfile, users, type NewUserFields } from './users';
