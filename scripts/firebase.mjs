// Runs the project's firebase-tools with the offline Firestore emulator wired in and the
// demo project id, so no command can touch a real Firebase project by accident.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAnalyticsForEmulators } from './analytics-stand-in.mjs';
import { startAppleForEmulators } from './apple-stand-in.mjs';
import { startPushForEmulators } from './push-stand-in.mjs';
import { ensureLauncher } from './setup-emulators.mjs';
import { startStorageForEmulators } from './storage-stand-in.mjs';
import { startStripeForEmulators } from './stripe-stand-in.mjs';

export const PROJECT_ID = 'demo-moments';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The config with the Auth and Firestore emulators' origins (and `extraOrigins`, such as the
 * analytics collector's) added to the page's CSP connect-src (the web app talks to them
 * directly), so the production policy stays free of local hosts.
 */
export function withEmulatorOrigins(config, extraOrigins = []) {
  const origins = ['auth', 'firestore'].flatMap((name) => {
    const port = config.emulators?.[name]?.port;
    return port ? [`http://127.0.0.1:${port}`, `http://localhost:${port}`] : [];
  });
  origins.push(...extraOrigins);
  const headers = (config.hosting?.headers ?? []).map((block) => ({
    ...block,
    headers: block.headers.map((header) =>
      header.key === 'Content-Security-Policy'
        ? {
            ...header,
            value: header.value.replace(
              /connect-src ([^;]*)/,
              `connect-src $1 ${origins.join(' ')}`,
            ),
          }
        : header,
    ),
  }));
  return { ...config, hosting: { ...config.hosting, headers } };
}

/** The Hosting emulator's address in the config these arguments name (--config, or firebase.json). */
function hostingUrl(args) {
  const at = args.indexOf('--config');
  const file = at >= 0 ? args[at + 1] : 'firebase.json';
  const { host = '127.0.0.1', port } = JSON.parse(readFileSync(join(root, file), 'utf8')).emulators
    .hosting;
  return `http://${host}:${port}`;
}

/** For emulator commands: the --config file (firebase.json by default) with emulator origins. */
function emulatorConfigArgs(args, extraOrigins) {
  const at = args.indexOf('--config');
  const file = at >= 0 ? args[at + 1] : 'firebase.json';
  const config = withEmulatorOrigins(
    JSON.parse(readFileSync(join(root, file), 'utf8')),
    extraOrigins,
  );
  const local = `firebase.emulators-${basename(file, '.json').replace(/\W+/g, '-')}.local.json`;
  writeFileSync(join(root, local), `${JSON.stringify(config, null, 2)}\n`);
  const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  return [...rest, '--config', local];
}

/**
 * Starts firebase-tools. Under the emulators, Sign in with Apple talks to a local stand-in
 * (scripts/apple-stand-in.mjs) that runs in this process for as long as the emulators do; its
 * APPLE_* variables reach the function (and emulators:exec's command) through the environment.
 * Set APPLE_CLIENT_ID yourself to use other Apple settings instead. Stripe likewise talks to
 * scripts/stripe-stand-in.mjs, which sends its webhooks to the Hosting emulator's
 * /api/billing/webhook (set STRIPE_SECRET_KEY yourself to use Stripe's test mode instead). The
 * analytics collector stand-in (scripts/analytics-stand-in.mjs) is started the same way, with
 * ANALYTICS_* (set ANALYTICS_TOKEN yourself to use those settings instead). Photo bytes go to
 * the Cloud Storage stand-in (scripts/storage-stand-in.mjs) through STORAGE_EMULATOR_HOST, kept
 * in `options.storageDataDir` when given (set STORAGE_EMULATOR_HOST yourself to use another).
 * APP_ORIGIN, the start of the links the function builds, is the Hosting emulator's address
 * unless set. Notifications go to the push service stand-in (scripts/push-stand-in.mjs),
 * signed with a VAPID pair made for this run (set VAPID_PUBLIC_KEY yourself to use your own).
 */
export async function firebase(args, options = {}) {
  const emulators = args[0]?.startsWith('emulators:');
  const apple =
    emulators && !process.env.APPLE_CLIENT_ID ? await startAppleForEmulators() : undefined;
  const stripe =
    emulators && !process.env.STRIPE_SECRET_KEY
      ? await startStripeForEmulators({
          webhookUrl: `${hostingUrl(args)}/api/billing/webhook`,
          stateFile: options.stripeStateFile,
        })
      : undefined;
  const analytics =
    emulators && !process.env.ANALYTICS_TOKEN ? await startAnalyticsForEmulators() : undefined;
  const storage =
    emulators && !process.env.STORAGE_EMULATOR_HOST
      ? await startStorageForEmulators({ projectId: PROJECT_ID, dataDir: options.storageDataDir })
      : undefined;
  const push =
    emulators && !process.env.VAPID_PUBLIC_KEY ? await startPushForEmulators() : undefined;
  const env = {
    ...process.env,
    // The function builds links from APP_ORIGIN (functions/src/lib/app-origin.ts): under the
    // emulators, this suite's own Hosting address, whatever its ports.
    ...(emulators && !process.env.APP_ORIGIN ? { APP_ORIGIN: hostingUrl(args) } : {}),
    ...storage?.env,
    ...apple?.env,
    ...stripe?.env,
    ...analytics?.env,
    ...push?.env,
    FIRESTORE_EMULATOR_BINARY_PATH: ensureLauncher(),
    ...options.env,
  };
  // The page sends analytics straight to the collector (the stand-in, or the provider's host).
  const pageOrigins = env.ANALYTICS_TOKEN
    ? [new URL(env.ANALYTICS_API_HOST || 'https://api-js.mixpanel.com').origin]
    : [];
  // Browser tests ask the push stand-in for a subscription from the page (see its header).
  if (push) pageOrigins.push(push.env.PUSH_STAND_IN_ORIGIN);
  const child = spawn(
    join(root, 'node_modules', '.bin', 'firebase'),
    [...(emulators ? emulatorConfigArgs(args, pageOrigins) : args), '--project', PROJECT_ID],
    { cwd: root, env, stdio: options.stdio ?? 'inherit' },
  );
  child.on('exit', () => {
    void apple?.close();
    void stripe?.close();
    void analytics?.close();
    void storage?.close();
    void push?.close();
  });
  return child;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const child = await firebase(process.argv.slice(2));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
