// Runs the project's firebase-tools with the offline Firestore emulator wired in and the
// demo project id, so no command can touch a real Firebase project by accident.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAnalyticsForEmulators } from './analytics-stand-in.mjs';
import { startAppleForEmulators } from './apple-stand-in.mjs';
import { ensureLauncher } from './setup-emulators.mjs';

export const PROJECT_ID = 'demo-moments';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The config with the Auth and Firestore emulators' origins added to the page's CSP connect-src
 * (the web app talks to them directly), so the production policy stays free of local hosts.
 */
export function withEmulatorOrigins(config) {
  const origins = ['auth', 'firestore'].flatMap((name) => {
    const port = config.emulators?.[name]?.port;
    return port ? [`http://127.0.0.1:${port}`, `http://localhost:${port}`] : [];
  });
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

/** For emulator commands: the --config file (firebase.json by default) with emulator origins. */
function emulatorConfigArgs(args) {
  const at = args.indexOf('--config');
  const file = at >= 0 ? args[at + 1] : 'firebase.json';
  const config = withEmulatorOrigins(JSON.parse(readFileSync(join(root, file), 'utf8')));
  const local = `firebase.emulators-${basename(file, '.json').replace(/\W+/g, '-')}.local.json`;
  writeFileSync(join(root, local), `${JSON.stringify(config, null, 2)}\n`);
  const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  return [...rest, '--config', local];
}

/**
 * Starts firebase-tools. Under the emulators, Sign in with Apple talks to a local stand-in
 * (scripts/apple-stand-in.mjs) that runs in this process for as long as the emulators do; its
 * APPLE_* variables reach the function (and emulators:exec's command) through the environment.
 * Set APPLE_CLIENT_ID yourself to use other Apple settings instead. The analytics collector
 * stand-in (scripts/analytics-stand-in.mjs) is started the same way, with ANALYTICS_*.
 */
export async function firebase(args, options = {}) {
  const emulators = args[0]?.startsWith('emulators:');
  const apple =
    emulators && !process.env.APPLE_CLIENT_ID ? await startAppleForEmulators() : undefined;
  // The analytics collector stand-in, likewise (ANALYTICS_TOKEN set: use those settings).
  const analytics =
    emulators && !process.env.ANALYTICS_TOKEN ? await startAnalyticsForEmulators() : undefined;
  const env = {
    ...process.env,
    ...apple?.env,
    ...analytics?.env,
    FIRESTORE_EMULATOR_BINARY_PATH: ensureLauncher(),
    ...options.env,
  };
  const emulating = args[0]?.startsWith('emulators:');
  const child = spawn(
    join(root, 'node_modules', '.bin', 'firebase'),
    [...(emulating ? emulatorConfigArgs(args) : args), '--project', PROJECT_ID],
    { cwd: root, env, stdio: options.stdio ?? 'inherit' },
  );
  child.on('exit', () => {
    void apple?.close();
    void analytics?.close();
  });
  return child;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const child = await firebase(process.argv.slice(2));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
