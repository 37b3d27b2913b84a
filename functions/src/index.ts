import {
  onDocumentCreated,
  onDocumentDeleted,
  onDocumentWritten,
} from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';
import { journalChanged, photoCounted } from './features/admin/counters';
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

// The whole HTTP API, served at /api/** through a Hosting rewrite.
export const api = onRequest({ region: 'us-central1', memory: '512MiB', secrets }, createApp());

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
