// Bundles the function with the shared package inside, so what is deployed does not
// depend on the workspace. Runtime dependencies stay external (installed from package.json),
// except those bundled below.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// jose is ESM-only and the function is CommonJS: bundled, it needs no require() of ESM.
const BUNDLED = new Set(['jose']);

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !BUNDLED.has(name)),
  // Whether Stripe's keys come from Secret Manager is decided when deploying (README, Stripe):
  // firebase-tools reads the function's secrets from the built code, without the .env files.
  define: {
    'process.env.STRIPE_SECRETS': JSON.stringify(process.env.STRIPE_SECRETS ?? ''),
    'process.env.PUSH_SECRETS': JSON.stringify(process.env.PUSH_SECRETS ?? ''),
  },
  logLevel: 'warning',
});
