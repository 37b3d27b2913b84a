// The users document of a finished account (terms accepted, onboarding done), as the seed and
// the bench write it for the people they make without going through sign-up.
import { FieldValue } from 'firebase-admin/firestore';

export function onboardedUserDoc({ phoneNumber, firstName, lastName }) {
  return {
    phoneNumber,
    firstName,
    lastName,
    email: null,
    profilePictureUrl: null,
    isAdmin: false,
    termsAccepted: true,
    onboarded: true,
    createdAt: FieldValue.serverTimestamp(),
  };
}
