import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';

// The whole HTTP API (SPEC section 7), served at /api/** through a Hosting rewrite.
export const api = onRequest({ region: 'us-central1', memory: '512MiB' }, createApp());
