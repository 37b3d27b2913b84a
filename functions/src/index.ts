import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';

// Stripe's two keys, mounted from Secret Manager when built with STRIPE_SECRETS=secret-manager.
const secrets =
  process.env.STRIPE_SECRETS === 'secret-manager'
    ? ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']
    : [];

// The whole HTTP API, served at /api/** through a Hosting rewrite.
export const api = onRequest({ region: 'us-central1', memory: '512MiB', secrets }, createApp());
