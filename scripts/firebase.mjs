// Runs the project's firebase-tools with the offline Firestore emulator wired in and the
// demo project id, so no command can touch a real Firebase project by accident.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAppleForEmulators } from './apple-stand-in.mjs';
import { ensureLauncher } from './setup-emulators.mjs';
import { startStripeForEmulators } from './stripe-stand-in.mjs';

export const PROJECT_ID = 'demo-moments';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts firebase-tools. Under the emulators, Sign in with Apple talks to a local stand-in
 * (scripts/apple-stand-in.mjs) that runs in this process for as long as the emulators do; its
 * APPLE_* variables reach the function (and emulators:exec's command) through the environment.
 * Set APPLE_CLIENT_ID yourself to use other Apple settings instead. Stripe likewise talks to
 * scripts/stripe-stand-in.mjs, which sends its webhooks to the Hosting emulator's
 * /api/billing/webhook (set STRIPE_SECRET_KEY yourself to use Stripe's test mode instead).
 */
export async function firebase(args, options = {}) {
  const emulated = args[0]?.startsWith('emulators:');
  const apple =
    emulated && !process.env.APPLE_CLIENT_ID ? await startAppleForEmulators() : undefined;
  const stripe =
    emulated && !process.env.STRIPE_SECRET_KEY
      ? await startStripeForEmulators({
          webhookUrl: `${hostingUrl(args)}/api/billing/webhook`,
          stateFile: options.stripeStateFile,
        })
      : undefined;
  const env = {
    ...process.env,
    ...apple?.env,
    ...stripe?.env,
    FIRESTORE_EMULATOR_BINARY_PATH: ensureLauncher(),
    ...options.env,
  };
  const child = spawn(
    join(root, 'node_modules', '.bin', 'firebase'),
    [...args, '--project', PROJECT_ID],
    { cwd: root, env, stdio: options.stdio ?? 'inherit' },
  );
  child.on('exit', () => {
    void apple?.close();
    void stripe?.close();
  });
  return child;
}

/** The Hosting emulator's address in the config these arguments name (--config, or firebase.json). */
function hostingUrl(args) {
  const at = args.indexOf('--config');
  const file = at >= 0 ? args[at + 1] : 'firebase.json';
  const { host = '127.0.0.1', port } = JSON.parse(readFileSync(join(root, file), 'utf8')).emulators
    .hosting;
  return `http://${host}:${port}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const child = await firebase(process.argv.slice(2));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
