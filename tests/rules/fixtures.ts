// The people and documents every rules test starts from (seeded fresh before each test).
import { createHash } from 'node:crypto';

export type CallerKey = 'signedOut' | 'stranger' | 'contributor' | 'owner' | 'admin' | 'removed';

export interface Caller {
  key: CallerKey;
  /** How test names refer to this caller. */
  name: string;
  uid: string | null;
  token?: Record<string, unknown>;
}

export const UID = {
  stranger: 'stranger-uid',
  contributor: 'contributor-uid',
  owner: 'owner-uid',
  admin: 'admin-uid',
  /** Was a contributor of moment A until the owner removed them. */
  removed: 'removed-uid',
  /** Owns moment B, which the contributor and owner of moment A do not belong to. */
  otherOwner: 'other-owner-uid',
} as const;

/** The claims of a sign-in through the admin login, `ageSeconds` ago. */
export function adminLoginToken(ageSeconds = 0) {
  const signedInAt = Math.floor(Date.now() / 1000) - ageSeconds;
  return { adminLogin: true, iat: signedInAt, auth_time: signedInAt };
}

export const CALLERS: readonly Caller[] = [
  { key: 'signedOut', name: 'signed-out visitor', uid: null },
  { key: 'stranger', name: 'signed-in stranger', uid: UID.stranger },
  { key: 'contributor', name: 'contributor', uid: UID.contributor },
  { key: 'owner', name: 'owner', uid: UID.owner },
  // The admin belongs to no moment: any read that worked for it would be an admin privilege.
  // Signed in through the admin login a moment ago: its token carries the admin-login claim.
  { key: 'admin', name: 'admin', uid: UID.admin, token: adminLoginToken() },
  // Uploaded a photo, wrote an entry and made a link in moment A before being removed.
  { key: 'removed', name: 'removed member', uid: UID.removed },
];

/** The caller named `key`. */
export function callerOf(key: CallerKey): Caller {
  const found = CALLERS.find((c) => c.key === key);
  if (!found) throw new Error(`No caller ${key}`);
  return found;
}

/** Members of moment A; the matrix describes every other caller as an outsider to it. */
export const MOMENT_A_MEMBERS: readonly CallerKey[] = ['owner', 'contributor'];

export const MOMENT_A = 'moment-a';
export const MOMENT_B = 'moment-b';
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
export const INVITE_HASH = hash('invite-token-for-moment-a');
/** A link the contributor made for one phone number. */
export const TARGETED_INVITE_HASH = hash('targeted-token-for-moment-a');
/** The removed member's link, revoked when they were removed. */
export const REVOKED_INVITE_HASH = hash('revoked-token-for-moment-a');
export const PHONE = '+15550000002';
export const STRIPE_EVENT = 'evt_1QrulesFixture0001';

const at = (iso: string) => new Date(iso);
const created = at('2025-01-01T10:00:00Z');

function user(uid: string, firstName: string, lastName: string, isAdmin = false) {
  return {
    phoneNumber: PHONE,
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName,
    gender: null,
    preferences: [],
    isAdmin,
    username: null,
    profilePictureUrl: `https://example.com/${uid}.jpg`,
    termsAccepted: true,
    createdAt: created,
    onboarded: true,
    appleUserId: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    subscriptionStatus: null,
    subscriptionCurrentPeriodEnd: null,
  };
}

function member(role: 'owner' | 'contributor', firstName: string, lastName: string) {
  return {
    role,
    addedAt: created,
    firstName,
    lastName,
    profilePictureUrl: null,
  };
}

function memberState(journalId: string, userId: string, newCommentsCount: number) {
  return { journalId, userId, isPinned: false, newCommentsCount, lastViewedAt: created };
}

function journal(owner: string, title: string, members: Record<string, ReturnType<typeof member>>) {
  return {
    userId: owner,
    title,
    content: '',
    coverImageId: null,
    cover: null,
    photoCount: 1,
    nextPhotoSeq: 2,
    memberIds: Object.keys(members),
    members,
    createdAt: created,
    updatedAt: created,
  };
}

function image(journalId: string, imageId: string, uploadedBy: string) {
  const base = `/api/journals/${journalId}/images/${imageId}`;
  return {
    seq: 1,
    orderIndex: 0,
    cropPosition: 30,
    imageUrl: `${base}/display`,
    thumbUrl: `${base}/thumb`,
    width: 1200,
    height: 900,
    uploadedBy,
    createdAt: created,
  };
}

function comment(userId: string, firstName: string, lastName: string, text: string) {
  return {
    userId,
    text,
    photoId: null,
    parentCommentId: null,
    createdAt: created,
    user: { id: userId, firstName, lastName, profilePictureUrl: null },
  };
}

/** Document path -> data. Create cases write these same data back after removing the document. */
export const SEED: Readonly<Record<string, Record<string, unknown>>> = {
  [`users/${UID.stranger}`]: user(UID.stranger, 'Sam', 'Stranger'),
  [`users/${UID.contributor}`]: user(UID.contributor, 'Cleo', 'Contributor'),
  [`users/${UID.owner}`]: user(UID.owner, 'Olive', 'Owner'),
  [`users/${UID.admin}`]: user(UID.admin, 'Ada', 'Admin', true),
  [`users/${UID.otherOwner}`]: user(UID.otherOwner, 'Otto', 'Other'),
  [`users/${UID.removed}`]: user(UID.removed, 'Rex', 'Removed'),

  [`credentials/${UID.contributor}`]: {
    username: 'cleo',
    passwordHash: 'scrypt$not-a-real-hash',
    failedAttempts: 0,
    lockedUntil: null,
  },
  [`phoneVerifications/${PHONE}`]: {
    sessionInfo: 'opaque-session-info',
    expiresAt: at('2025-01-01T10:10:00Z'),
    purpose: 'signin',
    pendingSignup: null,
  },
  [`rateLimits/verify:${PHONE}`]: { hits: [created] },
  [`stripeEvents/${STRIPE_EVENT}`]: {
    type: 'customer.subscription.updated',
    created: 1735725600,
    outcome: 'applied',
    userId: UID.owner,
    expireAt: at('2025-02-05T10:00:00Z'),
  },
  [`pushProfiles/${UID.contributor}`]: {
    devices: {
      device1: {
        endpoint: 'https://fcm.googleapis.com/fcm/send/secret-endpoint',
        keys: { p256dh: 'BPublicKey', auth: 'authSecret' },
        createdAt: created,
        lastSeenAt: created,
      },
    },
    deviceIds: ['device1'],
    oldestSeenAt: created,
    quietHours: null,
    mutedJournalIds: [],
  },
  [`pushDigests/${UID.contributor}_${MOMENT_A}`]: {
    userId: UID.contributor,
    journalId: MOMENT_A,
    windowStart: created,
    lastEventAt: created,
    dueAt: null,
  },
  [`pushPhotoBatches/${MOMENT_A}_${UID.owner}`]: {
    journalId: MOMENT_A,
    uploaderId: UID.owner,
    lastPhotoAt: created,
  },
  [`invites/${INVITE_HASH}`]: {
    journalId: MOMENT_A,
    inviterId: UID.owner,
    targetPhoneNumber: null,
    status: 'pending',
    createdAt: created,
    expiresAt: at('2025-01-08T10:00:00Z'),
    usedAt: null,
    usedByUserId: null,
    acceptedCount: 0,
    metadata: { inviterName: 'Olive Owner' },
  },
  [`invites/${TARGETED_INVITE_HASH}`]: {
    journalId: MOMENT_A,
    inviterId: UID.contributor,
    targetPhoneNumber: PHONE,
    status: 'pending',
    createdAt: created,
    expiresAt: at('2025-01-15T10:00:00Z'),
    usedAt: null,
    usedByUserId: null,
    acceptedCount: 0,
    metadata: { inviterName: 'Cleo Contributor' },
  },
  [`invites/${REVOKED_INVITE_HASH}`]: {
    journalId: MOMENT_A,
    inviterId: UID.removed,
    targetPhoneNumber: null,
    status: 'revoked',
    createdAt: created,
    expiresAt: at('2025-01-15T10:00:00Z'),
    usedAt: null,
    usedByUserId: null,
    acceptedCount: 0,
    metadata: { inviterName: 'Rex Removed' },
    revokedAt: at('2025-01-02T10:00:00Z'),
  },

  [`journals/${MOMENT_A}`]: {
    ...journal(UID.owner, 'Moment A', {
      [UID.owner]: member('owner', 'Olive', 'Owner'),
      [UID.contributor]: member('contributor', 'Cleo', 'Contributor'),
    }),
    // When the owner removed them: links made before then cannot bring them back.
    removed: { [UID.removed]: at('2025-01-02T10:00:00Z') },
  },
  [`journals/${MOMENT_A}/images/image-a1`]: image(MOMENT_A, 'image-a1', UID.owner),
  [`journals/${MOMENT_A}/images/image-a2`]: image(MOMENT_A, 'image-a2', UID.removed),
  [`journals/${MOMENT_A}/photoIndex/all`]: {
    photos: [
      'image-a1 1 0 30 0 1200 900 1735725600000',
      'image-a2 2 1 30 0 1200 900 1735725600000',
    ],
  },
  [`journals/${MOMENT_A}/comments/comment-a1`]: comment(UID.owner, 'Olive', 'Owner', 'Day one'),
  [`journals/${MOMENT_A}/comments/comment-a2`]: comment(UID.removed, 'Rex', 'Removed', 'Day two'),
  [`memberStates/${MOMENT_A}_${UID.contributor}`]: memberState(MOMENT_A, UID.contributor, 1),
  [`memberStates/${MOMENT_A}_${UID.owner}`]: memberState(MOMENT_A, UID.owner, 0),
  [`memberStates/${MOMENT_B}_${UID.otherOwner}`]: memberState(MOMENT_B, UID.otherOwner, 0),
  // The removed member's state (removal deletes it; the rules must not rely on that): it is
  // theirs, and says nothing of the moment, so they may still read it.
  [`memberStates/${MOMENT_A}_${UID.removed}`]: memberState(MOMENT_A, UID.removed, 2),
  // Not in the data model: the catch-all must deny these.
  [`journals/${MOMENT_A}/drafts/draft-1`]: { text: 'unlisted subcollection' },
  ['auditLog/entry-1']: { text: 'unlisted collection' },

  [`journals/${MOMENT_B}`]: journal(UID.otherOwner, 'Moment B', {
    [UID.otherOwner]: member('owner', 'Otto', 'Other'),
  }),
  [`journals/${MOMENT_B}/images/image-b1`]: image(MOMENT_B, 'image-b1', UID.otherOwner),
  [`journals/${MOMENT_B}/comments/comment-b1`]: comment(UID.otherOwner, 'Otto', 'Other', 'Secret'),
};
