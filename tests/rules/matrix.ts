// The access matrix of firestore.rules, one entry per match block, written as data so the
// policy reads like docs/data-model.md. firestore.test.ts turns every (document or query,
// caller, operation) into its own test. Writes are not listed: every client write is denied.
import type { Db, Query } from './environment';
import {
  MOMENT_A,
  MOMENT_A_MEMBERS,
  UID,
  INVITE_HASH,
  PHONE,
  REVOKED_INVITE_HASH,
  STRIPE_EVENT,
  TARGETED_INVITE_HASH,
  type Caller,
  type CallerKey,
} from './fixtures';

export interface DocCase {
  path: string;
  /** The document, as seen by the caller ("their own users doc"). */
  what: (caller: Caller) => string;
  /** Who may get it. */
  readers: readonly CallerKey[];
  /** What an update attempt tries to change. */
  change: Record<string, unknown>;
}

export interface ListCase {
  /** The query, as seen by the caller ("the comments of a moment they belong to"). */
  what: (caller: Caller) => string;
  query: (db: Db, caller: Caller) => Query;
  /** Who may run it. */
  allowed: readonly CallerKey[];
}

export interface PathPolicy {
  path: string;
  /** The one-line policy, as the comment on the match block states it. */
  policy: string;
  docs: readonly DocCase[];
  lists: readonly ListCase[];
}

const NOBODY: readonly CallerKey[] = [];
// An admin (the `admin` claim of the admin login) reads nothing more than anyone else: the
// dashboard's reads go through /api/admin/*. The admin caller belongs to no moment.
const MOMENT_A_READERS: readonly CallerKey[] = MOMENT_A_MEMBERS;

const momentA = (caller: Caller) => {
  if (MOMENT_A_MEMBERS.includes(caller.key)) return 'a moment they belong to';
  if (caller.key === 'removed') return 'a moment they were removed from';
  return "a moment they don't belong to";
};

/** "their own X" for the person the document belongs to, "the <role>'s X" for anyone else. */
const whose = (uid: string, role: string, thing: string) => (caller: Caller) =>
  caller.uid === uid ? `their own ${thing}` : `the ${role}'s ${thing}`;

const memberState = (uid: string, role: string) => (caller: Caller) =>
  `${whose(uid, role, 'pin and badge')(caller)} on ${momentA(caller)}`;

export const POLICIES: readonly PathPolicy[] = [
  {
    path: 'users/{uid}',
    policy: 'that user reads (admins included: no); nobody writes',
    docs: [
      {
        path: `users/${UID.contributor}`,
        what: whose(UID.contributor, 'contributor', 'users doc'),
        readers: ['contributor'],
        change: { isAdmin: true },
      },
      {
        path: `users/${UID.owner}`,
        what: whose(UID.owner, 'owner', 'users doc'),
        readers: ['owner'],
        change: { isAdmin: true },
      },
      {
        path: `users/${UID.stranger}`,
        what: whose(UID.stranger, 'stranger', 'users doc'),
        readers: ['stranger'],
        change: { isAdmin: true },
      },
      {
        path: `users/${UID.removed}`,
        what: whose(UID.removed, 'removed member', 'users doc'),
        readers: ['removed'],
        change: { isAdmin: true },
      },
    ],
    lists: [
      {
        what: () => 'the whole users collection',
        query: (db) => db.collection('users'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'credentials/{uid}',
    policy: 'nobody, not even that user or an admin',
    docs: [
      {
        path: `credentials/${UID.contributor}`,
        what: whose(UID.contributor, 'contributor', 'credentials doc'),
        readers: NOBODY,
        change: { failedAttempts: 0, lockedUntil: null },
      },
    ],
    lists: [
      {
        what: () => 'the credentials collection',
        query: (db) => db.collection('credentials'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'phoneVerifications/{e164}',
    policy: 'nobody',
    docs: [
      {
        path: `phoneVerifications/${PHONE}`,
        what: () => 'a pending phone verification',
        readers: NOBODY,
        change: { expiresAt: new Date('2030-01-01T00:00:00Z') },
      },
    ],
    lists: [
      {
        what: () => 'the phoneVerifications collection',
        query: (db) => db.collection('phoneVerifications'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'rateLimits/{key}',
    policy: 'nobody',
    docs: [
      {
        path: `rateLimits/verify:${PHONE}`,
        what: () => 'a rate-limit record',
        readers: NOBODY,
        change: { hits: [] },
      },
    ],
    lists: [
      {
        what: () => 'the rateLimits collection',
        query: (db) => db.collection('rateLimits'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'stripeEvents/{eventId}',
    policy: 'nobody (webhook events the function has applied)',
    docs: [
      {
        path: `stripeEvents/${STRIPE_EVENT}`,
        what: () => 'a Stripe event already applied',
        readers: NOBODY,
        change: { outcome: 'stale' },
      },
    ],
    lists: [
      {
        what: () => 'the stripeEvents collection',
        query: (db) => db.collection('stripeEvents'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'pushProfiles/{uid}',
    policy: 'nobody, not even that person (push endpoints are capabilities)',
    docs: [
      {
        path: `pushProfiles/${UID.contributor}`,
        what: whose(UID.contributor, 'contributor', 'push subscriptions'),
        readers: NOBODY,
        change: { mutedJournalIds: [] },
      },
    ],
    lists: [
      {
        what: (caller) => `the push profiles that hold ${caller.name}'s device`,
        query: (db) =>
          db.collection('pushProfiles').where('deviceIds', 'array-contains', 'device1'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'pushDigests/{uid}_{journalId}',
    policy: 'nobody (what the notification fan-out remembers)',
    docs: [
      {
        path: `pushDigests/${UID.contributor}_${MOMENT_A}`,
        what: (caller) =>
          `${whose(UID.contributor, 'contributor', 'digest')(caller)} of ${momentA(caller)}`,
        readers: NOBODY,
        change: { dueAt: null },
      },
    ],
    lists: [
      {
        what: () => 'the pushDigests collection',
        query: (db) => db.collection('pushDigests'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'pushPhotoBatches/{journalId}_{uid}',
    policy: 'nobody (when an uploader last added a photo)',
    docs: [
      {
        path: `pushPhotoBatches/${MOMENT_A}_${UID.owner}`,
        what: (caller) => `the owner's last photo batch on ${momentA(caller)}`,
        readers: NOBODY,
        change: { lastPhotoAt: null },
      },
    ],
    lists: [
      {
        what: () => 'the pushPhotoBatches collection',
        query: (db) => db.collection('pushPhotoBatches'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'invites/{sha256(token)}',
    policy:
      'nobody, not even members or the inviter (links are listed, previewed and accepted through the API)',
    docs: [
      {
        path: `invites/${INVITE_HASH}`,
        what: (caller) => `the owner's pending link to ${momentA(caller)}`,
        readers: NOBODY,
        change: { status: 'accepted' },
      },
      {
        path: `invites/${TARGETED_INVITE_HASH}`,
        what: (caller) => `the contributor's link for one phone number to ${momentA(caller)}`,
        readers: NOBODY,
        change: { targetPhoneNumber: null },
      },
      {
        path: `invites/${REVOKED_INVITE_HASH}`,
        what: (caller) => `the removed member's revoked link to ${momentA(caller)}`,
        readers: NOBODY,
        change: { status: 'pending' },
      },
    ],
    lists: [
      {
        what: () => 'the invites collection',
        query: (db) => db.collection('invites'),
        allowed: NOBODY,
      },
      {
        what: (caller) => `the invites of ${momentA(caller)}`,
        query: (db) => db.collection('invites').where('journalId', '==', MOMENT_A),
        allowed: NOBODY,
      },
      {
        what: (caller) => `the invites made by ${caller.uid ? 'themselves' : 'the contributor'}`,
        query: (db, caller) =>
          db.collection('invites').where('inviterId', '==', caller.uid ?? UID.contributor),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'journals/{journalId}',
    policy:
      'members (uid in memberIds) read, admins no more than others; lists only when filtered to own; nobody writes',
    docs: [
      {
        path: `journals/${MOMENT_A}`,
        what: momentA,
        readers: MOMENT_A_READERS,
        change: { title: 'Renamed' },
      },
    ],
    lists: [
      {
        what: () => 'all journals, unfiltered',
        query: (db) => db.collection('journals'),
        allowed: NOBODY,
      },
      {
        // A signed-out visitor has no uid of their own; they try the contributor's.
        what: (caller) =>
          `journals where memberIds array-contains ${caller.uid ? 'their own uid' : "the contributor's uid"}`,
        query: (db, caller) =>
          db
            .collection('journals')
            .where('memberIds', 'array-contains', caller.uid ?? UID.contributor),
        allowed: ['stranger', 'contributor', 'owner', 'admin', 'removed'],
      },
      {
        what: () => "journals where memberIds array-contains another person's uid",
        query: (db) =>
          db.collection('journals').where('memberIds', 'array-contains', UID.otherOwner),
        allowed: NOBODY,
      },
      {
        // The rules only trust memberIds: an owner's query must filter on it too.
        what: (caller) =>
          `journals where userId == ${caller.uid ? 'their own uid' : "the owner's uid"} without a memberIds filter`,
        query: (db, caller) =>
          db.collection('journals').where('userId', '==', caller.uid ?? UID.owner),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'journals/{journalId}/images/{imageId}',
    policy: 'members of the parent journal read; nobody writes',
    docs: [
      {
        path: `journals/${MOMENT_A}/images/image-a1`,
        what: (caller) => `an image of ${momentA(caller)}`,
        readers: MOMENT_A_READERS,
        change: { orderIndex: 5, cropPosition: 50 },
      },
      {
        // Uploading a photo gives no claim on it once removed.
        path: `journals/${MOMENT_A}/images/image-a2`,
        what: (caller) =>
          `${whose(UID.removed, 'removed member', 'photo')(caller)} in ${momentA(caller)}`,
        readers: MOMENT_A_READERS,
        change: { cropPosition: 50 },
      },
    ],
    lists: [
      {
        // As the moment page listens to them: in display order.
        what: (caller) => `the images of ${momentA(caller)}, by orderIndex`,
        query: (db) => db.collection(`journals/${MOMENT_A}/images`).orderBy('orderIndex'),
        allowed: MOMENT_A_READERS,
      },
      {
        what: (caller) => `the removed member's photos in ${momentA(caller)}`,
        query: (db) =>
          db.collection(`journals/${MOMENT_A}/images`).where('uploadedBy', '==', UID.removed),
        allowed: MOMENT_A_READERS,
      },
    ],
  },
  {
    path: 'journals/{journalId}/photoIndex/{indexId}',
    policy: 'members of the parent journal read; nobody writes',
    docs: [
      {
        path: `journals/${MOMENT_A}/photoIndex/all`,
        what: (caller) => `the photo index of ${momentA(caller)}`,
        readers: MOMENT_A_READERS,
        change: { photos: [] },
      },
    ],
    lists: [
      {
        // As the moment page listens to it: the whole (one-document) collection.
        what: (caller) => `the photo index collection of ${momentA(caller)}`,
        query: (db) => db.collection(`journals/${MOMENT_A}/photoIndex`),
        allowed: MOMENT_A_READERS,
      },
    ],
  },
  {
    path: 'journals/{journalId}/comments/{commentId}',
    policy: 'members of the parent journal read; nobody writes',
    docs: [
      {
        path: `journals/${MOMENT_A}/comments/comment-a1`,
        what: (caller) => `a comment of ${momentA(caller)}`,
        readers: MOMENT_A_READERS,
        change: { text: 'Edited by a client' },
      },
      {
        path: `journals/${MOMENT_A}/comments/comment-a2`,
        what: (caller) =>
          `${whose(UID.removed, 'removed member', 'entry')(caller)} in ${momentA(caller)}`,
        readers: MOMENT_A_READERS,
        change: { text: 'Edited by a client' },
      },
    ],
    lists: [
      {
        // As the timeline listens to them: oldest first.
        what: (caller) => `the comments of ${momentA(caller)}, by createdAt`,
        query: (db) => db.collection(`journals/${MOMENT_A}/comments`).orderBy('createdAt'),
        allowed: MOMENT_A_READERS,
      },
    ],
  },
  {
    path: 'memberStates/{journalId}_{uid}',
    policy:
      'that member (userId) reads, admins no more than others; lists only when filtered to own; nobody writes',
    docs: [
      {
        path: `memberStates/${MOMENT_A}_${UID.contributor}`,
        what: memberState(UID.contributor, 'contributor'),
        readers: ['contributor'],
        change: { newCommentsCount: 0 },
      },
      {
        path: `memberStates/${MOMENT_A}_${UID.owner}`,
        what: memberState(UID.owner, 'owner'),
        readers: ['owner'],
        change: { isPinned: true },
      },
      {
        path: `memberStates/${MOMENT_A}_${UID.removed}`,
        what: memberState(UID.removed, 'removed member'),
        readers: ['removed'],
        change: { newCommentsCount: 0 },
      },
    ],
    lists: [
      {
        // As the home list listens to them.
        what: (caller) =>
          `memberStates where userId == ${caller.uid ? 'their own uid' : "the contributor's uid"}`,
        query: (db, caller) =>
          db.collection('memberStates').where('userId', '==', caller.uid ?? UID.contributor),
        allowed: ['stranger', 'contributor', 'owner', 'admin', 'removed'],
      },
      {
        what: () => "memberStates where userId == another person's uid",
        query: (db) => db.collection('memberStates').where('userId', '==', UID.otherOwner),
        allowed: NOBODY,
      },
      {
        what: (caller) => `the memberStates of ${momentA(caller)}`,
        query: (db) => db.collection('memberStates').where('journalId', '==', MOMENT_A),
        allowed: NOBODY,
      },
      {
        what: () => 'all memberStates, unfiltered',
        query: (db) => db.collection('memberStates'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'auditLog/{id}',
    policy: 'nobody, admins included (admins read it through /api/admin/audit)',
    docs: [
      {
        path: 'auditLog/entry-1',
        what: () => 'an audit row',
        readers: NOBODY,
        change: { action: 'account.enable' },
      },
    ],
    lists: [
      {
        what: () => 'the audit log',
        query: (db) => db.collection('auditLog'),
        allowed: NOBODY,
      },
    ],
  },
  {
    path: 'anything else (catch-all)',
    policy: 'nobody',
    docs: [
      {
        path: 'dailyStats/2026-01-01',
        what: () => 'a document of an unlisted collection (dashboard counters)',
        readers: NOBODY,
        change: { text: 'changed' },
      },
      {
        path: `journals/${MOMENT_A}/drafts/draft-1`,
        what: (caller) => `a document of an unlisted subcollection of ${momentA(caller)}`,
        readers: NOBODY,
        change: { text: 'changed' },
      },
    ],
    lists: [
      {
        what: () => 'an unlisted collection (admin sessions)',
        query: (db) => db.collection('adminSessions'),
        allowed: NOBODY,
      },
      {
        what: (caller) => `an unlisted subcollection of ${momentA(caller)}`,
        query: (db) => db.collection(`journals/${MOMENT_A}/drafts`),
        allowed: NOBODY,
      },
    ],
  },
];
