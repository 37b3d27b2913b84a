// What other features may use of sharing: the invite flow's sign-up without a code, and what
// happens to such an account when its phone's owner proves the number.
export { confirmPhoneOwner, isUnverified, signupWithInvite } from './signup';
