// Types of onboarded-user.mjs, for the seed (TypeScript).
import type { FieldValue } from 'firebase-admin/firestore';

export function onboardedUserDoc(person: {
  phoneNumber: string | null;
  firstName: string;
  lastName: string;
}): {
  phoneNumber: string | null;
  firstName: string;
  lastName: string;
  email: null;
  profilePictureUrl: null;
  isAdmin: false;
  termsAccepted: true;
  onboarded: true;
  createdAt: FieldValue;
};
