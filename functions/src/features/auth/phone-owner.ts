// Accounts made from an invite link without a phone code (see sharing/signup.ts), and what
// happens when the phone's owner later proves the number.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { auth } from '../../lib/firebase';
import { idTokenForCustomToken } from './identity-toolkit';
import { updateProfile, users, type NewUserFields } from './users';

/** An account made from an invite link whose phone number nobody has proved yet. */
export function isUnverified(user: DocumentSnapshot | undefined): boolean {
  return user?.get('phoneVerified') === false;
}

/**
 * Called when someone has just proved `uid`'s phone number with a code (POST /auth/verify).
 * If the account was made from an invite link without a code, whoever made it may not have
 * been the phone's owner: every session they hold ends, a sign-up's fields replace theirs
 * (a verified sign-up takes the account over), and the account counts as verified from now
 * on. Returns the ID token to start the new session with: one minted after the revocation.
 */
export async function confirmPhoneOwner(
  uid: string,
  idToken: string,
  signup: NewUserFields,
): Promise<string> {
  const ref = users.doc(uid);
  if (!isUnverified(await ref.get())) return idToken;
  // Revocation has one-second resolution: tokens from this very second would survive it.
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));
  await auth.revokeRefreshTokens(uid);
  if (signup.firstName) {
    await updateProfile(uid, {
      firstName: signup.firstName,
      lastName: signup.lastName ?? undefined,
      email: signup.email || null,
    });
  }
  await ref.update({
    phoneVerified: true,
    ...(signup.termsAccepted !== undefined ? { termsAccepted: signup.termsAccepted } : {}),
  });
  return idTokenForCustomToken(await auth.createCustomToken(uid));
}
