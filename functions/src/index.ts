import {
  onDocumentCreated,
  onDocumentDeleted,
  onDocumentUpdated,
  onDocumentWritten,
} from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import { journalChanged, photoCounted } from './features/admin/counters';
import {
  entryPosted,
  inviteUsed,
  photoAdded,
  removeStaleDevices,
  sweepDigests,
} from './features/push';
import { isEmulated } from './lib/firebase';
import { requireProductionSettings } from './lib/settings';

// Outside the emulators, a deployment missing a setting it needs (APP_ORIGIN, which every link
// starts with, among them) stops here, saying which.
if (!isEmulated) requireProductionSettings();

// Stripe's two keys, mounted from Secret Manager when built with STRIPE_SECRETS=secret-manager.
const secrets =
  process.env.STRIPE_SECRETS === 'secret-manager'
    ? ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']
    : [];

// The VAPID private key, mounted from Secret Manager when built with PUSH_SECRETS=secret-manager.
const pushSecrets = process.env.PUSH_SECRETS === 'secret-manager' ? ['VAPID_PRIVATE_KEY'] : [];

// The whole HTTP API, served at /api/** through a Hosting rewrite.
export const api = onRequest(
  { region: 'us-central1', memory: '512MiB', secrets: [...secrets, ...pushSecrets] },
  createApp(),
);

// The admin dashboard's counters (functions/src/features/admin/counters.ts).
export const countMemberships = onDocumentWritten('journals/{journalId}', (event) =>
  journalChanged(event.data?.before.data(), event.data?.after.data()),
);
export const countPhotoAdded = onDocumentCreated('journals/{journalId}/images/{imageId}', (event) =>
  photoCounted(event.data?.data(), 1),
);
export const countPhotoRemoved = onDocumentDeleted(
  'journals/{journalId}/images/{imageId}',
  (event) => photoCounted(event.data?.data(), -1),
);

// Notifications (functions/src/features/push): after the write, so a post never waits for them.
const pushTrigger = { region: 'us-central1', secrets: pushSecrets };
export const pushOnEntry = onDocumentCreated(
  { ...pushTrigger, document: 'journals/{journalId}/comments/{commentId}' },
  (event) => entryPosted(event.params.journalId, event.data?.data()),
);
export const pushOnPhoto = onDocumentCreated(
  { ...pushTrigger, document: 'journals/{journalId}/images/{imageId}' },
  (event) => photoAdded(event.params.journalId, event.params.imageId, event.data?.data()),
);
export const pushOnJoin = onDocumentUpdated(
  { ...pushTrigger, document: 'invites/{inviteId}' },
  (event) => inviteUsed(event.data?.before.data(), event.data?.after.data()),
);
// Scheduled functions do not run under the emulators: the tests call these with their clock.
export const pushDigestSweep = onSchedule({ ...pushTrigger, schedule: 'every 1 minutes' }, () =>
  sweepDigests().then(() => undefined),
);
export const pushStaleCleanup = onSchedule({ ...pushTrigger, schedule: 'every 24 hours' }, () =>
  removeStaleDevices().then(() => undefined),
);
