// The production build of the function (functions/build.mjs's output), loaded by a plain
// Node process as Cloud Functions loads it: outside the emulators, with only the settings
// given. It must start when they are complete and refuse, naming the setting, when not.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';

/** A complete production configuration with every optional service on (values are fakes). */
export const COMPLETE_SETTINGS = {
  APP_ORIGIN: 'https://moments.example',
  WEB_API_KEY: 'AIzaSy-deploy-check',
  APP_CHECK_REQUIRED: 'true',
  STRIPE_SECRET_KEY: 'sk_live_deploy_check',
  STRIPE_WEBHOOK_SECRET: 'whsec_deploy_check',
  STRIPE_PRICE_MONTHLY: 'price_monthly',
  STRIPE_PRICE_YEARLY: 'price_yearly',
  APPLE_CLIENT_ID: 'com.example.moments.web',
  APPLE_TEAM_ID: 'TEAM123456',
  APPLE_KEY_ID: 'KEY1234567',
  APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nfake\\n-----END PRIVATE KEY-----',
  // A well-formed pair (65- and 32-byte base64url), made for this check only.
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'A'.repeat(43),
  VAPID_SUBJECT: 'mailto:notifications@moments.example',
};

/** Settings whose absence must stop the function: always, or within a service that is on. */
export const MUST_REFUSE_WITHOUT = [
  'APP_ORIGIN',
  'WEB_API_KEY',
  'STRIPE_PRICE_YEARLY',
  'APPLE_PRIVATE_KEY',
  'VAPID_PRIVATE_KEY',
];

/** Loads the bundle with exactly `settings` (plus what the platform itself sets). */
export function loadBundle(bundle, settings) {
  const result = spawnSync(
    process.execPath,
    [
      '-e',
      `const m = require(${JSON.stringify(bundle)}); if (typeof m.api !== 'function') throw new Error('no api export'); console.log('started')`,
    ],
    {
      cwd: dirname(bundle),
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        GCLOUD_PROJECT: 'deploy-check',
        NODE_ENV: 'production',
        ...settings,
      },
    },
  );
  const output = `${result.stdout}${result.stderr}`;
  // What the thrown error says: from "Error: ..." to the stack (not the source line Node quotes).
  const message = /^\w*Error: [\s\S]*?(?=^\s+at )/m.exec(result.stderr)?.[0] ?? output;
  return { started: result.status === 0 && result.stdout.includes('started'), output, message };
}

/** Problems: a start that fails with complete settings, or one that goes ahead without one. */
export function checkBundle(
  bundle,
  settings = COMPLETE_SETTINGS,
  mustRefuseWithout = MUST_REFUSE_WITHOUT,
) {
  const problems = [];
  const complete = loadBundle(bundle, settings);
  if (!complete.started) {
    problems.push(
      `the function does not start with complete settings:\n${indent(complete.output)}`,
    );
  }
  for (const name of mustRefuseWithout) {
    const without = loadBundle(
      bundle,
      Object.fromEntries(Object.entries(settings).filter(([key]) => key !== name)),
    );
    if (without.started) problems.push(`the function starts without ${name}`);
    else if (!new RegExp(`\\b${name}\\b`).test(without.message)) {
      problems.push(
        `without ${name} the function stops, but its message does not name it:\n${indent(without.output)}`,
      );
    }
  }
  return problems;
}

const indent = (text) =>
  text
    .trim()
    .split('\n')
    .slice(0, 8)
    .map((line) => `    ${line}`)
    .join('\n');
