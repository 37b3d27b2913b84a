// Shapes of the /api answers. Request bodies are the zod schemas in
// ./schemas; these are the answers, typed once for both the functions and the web app (a moment's
// from the zod schemas of ./schemas/journal-answers, which the function checks them with).

import type { z } from 'zod';
import type { journalImageSchema, journalSchema } from './schemas/journal-answers';

/** GET /api/user, and the `user` part of sign-in answers. */
export interface CurrentUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  /** Optional recovery email. */
  email: string | null;
  /** E.164; null for an account made through Sign in with Apple, which has no number. */
  phoneNumber: string | null;
  profilePictureUrl: string | null;
  /** ISO 8601. */
  createdAt: string;
  isAdmin: boolean;
  /** "Share usage data" on My Account: analytics and replay for this person (default on). */
  shareUsageData: boolean;
  /** A Moments Plus subscription in force (see `hasSubscriptionInForce`). */
  hasSubscription: boolean;
}

/**
 * POST /api/auth/verify and POST /api/auth/signup: the user plus what the client needs to
 * finish signing in. `customToken` signs the Firebase client SDK in (for live Firestore
 * reads); the answer also sets the `__session` cookie that /api calls and photo URLs use.
 */
export interface SignInResponse extends CurrentUser {
  needsOnboarding: boolean;
  customToken: string;
}

/**
 * POST /api/auth/apple (answers at least id and hasSubscription). It is a sign-in answer like
 * verify's, so it also carries the person, needsOnboarding (a new Apple account has no names
 * yet) and the custom token; it sets the same `__session` cookie. Every answer carrying the
 * person has hasSubscription.
 */
export type AppleSignInResponse = SignInResponse;

/**
 * GET /api/auth/apple/config: what the browser needs to send a person to Apple. It comes from
 * the function's configuration, so the client id is set in one place (404 when not set up).
 */
export interface AppleSignInConfig {
  clientId: string;
  authorizeUrl: string;
}

/** POST /api/auth/apple/state: the state to send to Apple, bound to this browser's cookie. */
export interface AppleSignInState {
  state: string;
}

/** POST /api/auth/client-token: signs in a Firebase client SDK that has no user. */
export interface ClientTokenResponse {
  customToken: string;
}

/** Every 4xx/5xx answer of the API has this body. */
export interface ApiErrorBody {
  message: string;
}

export type MemberRole = 'owner' | 'contributor';

/** A person's public card: what other members see (an entry's author, a member). */
export interface Person {
  id: string;
  firstName: string | null;
  lastName: string | null;
  profilePictureUrl: string | null;
}

/** A member of a moment: their card, copied onto the journal, and their role. */
export interface Collaborator extends Person {
  role: MemberRole;
}

/** A photo of a moment (journalImageSchema: the same shape the function checks it sends). */
export type JournalImage = z.infer<typeof journalImageSchema>;

/**
 * An item of GET /api/journals and the moment page's data; GET /api/journals/:id answers at
 * most MOMENT_FIRST_PHOTOS of its `images`, and `photoCount` how many there are (journalSchema).
 */
export type Journal = z.infer<typeof journalSchema>;

/** An item of GET /api/journals/:id/comments. */
export interface Comment {
  id: string;
  text: string;
  createdAt: string;
  photoId: string | null;
  parentCommentId: string | null;
  /** The author, who may have left the moment since. */
  user: Person;
}

/**
 * GET /api/journals/:id/comments?limit=N[&before=id]: entries oldest first; `earlier` is the
 * id to pass as `before` for the page before this one, or null when this page starts the
 * timeline.
 */
export interface CommentsPage {
  entries: Comment[];
  earlier: string | null;
}

/**
 * POST /api/journals/:id/comments: 201 for a new entry; 200 with the stored entry when an entry
 * with that client-made id by the same person is already there.
 */
export interface PostedComment {
  id: string;
  text: string;
  createdAt: string;
  photoId: string | null;
  parentCommentId: string | null;
  userId: string;
  userFirstName: string | null;
  userLastName: string | null;
  userProfilePictureUrl: string | null;
}

/** POST /api/journals/:id/accept-invite. */
export interface AcceptInviteResponse {
  success: boolean;
  inviteFound: boolean;
  message: string;
  alreadyHadAccess: boolean;
}

/**
 * An invite link's life: pending until accepted (a targeted link, single use), revoked, or
 * expired (set when a pending link past its expiry is used or listed). An untargeted link
 * stays pending however many people join through it.
 */
export type InviteStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/** POST /api/journals/:id/invites: the only answer that carries the token. */
export interface InviteLink {
  id: string;
  token: string;
  /** `${origin}/invite/${token}`. */
  url: string;
  targetPhoneNumber: string | null;
  status: InviteStatus;
  createdAt: string;
  expiresAt: string;
}

/** An item of GET /api/journals/:id/invites (pending links, newest first; never the token). */
export interface PendingInvite {
  id: string;
  targetPhoneNumber: string | null;
  status: InviteStatus;
  createdAt: string;
  expiresAt: string;
  inviterId: string;
  inviterName: string;
  acceptedCount: number;
}

/** POST /api/invites/preview (public): just enough to show who invites you to what. */
export interface InvitePreview {
  journalId: string;
  journalTitle: string;
  inviterName: string;
  /** /api/invites/covers/:inviteId/:version (the cover's thumbnail), or null without a cover. */
  coverUrl: string | null;
  /** A link for one phone number: the web must verify the phone (no skipVerification). */
  targeted: boolean;
  expiresAt: string;
}
