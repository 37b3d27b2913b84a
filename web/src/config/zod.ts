// zod compiles a fast parser for objects with `new Function` when the page allows it, and
// probes that by trying. The page's Content-Security-Policy forbids eval, and the browser
// reports the blocked probe as a violation even though zod catches it: so no probe at all
// (zod's `jitless` setting). zod takes its settings from this global when it loads (zod 4's
// core.js), so it is set here before any of zod's code has loaded; `z.config()` itself would
// bring zod's core into every page's main chunk (docs/startup.md). sign-in.test fails if a zod
// upgrade stops reading it (the browser reports the probe again).
const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true };

export {};
