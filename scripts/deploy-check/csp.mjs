// The hosts firebase.json's Content-Security-Policy must allow, from the services the
// function's settings turn on: each needed host present, no host that nothing needs.
const FIREBASE = [
  'https://firestore.googleapis.com',
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];
// App Check with reCAPTCHA Enterprise (APP_CHECK_REQUIRED=true, VITE_APP_CHECK_SITE_KEY).
const APP_CHECK = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'connect-src': [
    'https://content-firebaseappcheck.googleapis.com',
    'https://www.google.com/recaptcha/',
  ],
  'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};
/** Mixpanel's ingestion host when ANALYTICS_API_HOST is unset (docs/services.md). */
export const DEFAULT_ANALYTICS_HOST = 'https://api-js.mixpanel.com';

/** Per directive, the hosts the configured services need. Stripe and Apple are navigations. */
export function neededHosts(env) {
  const needed = { 'connect-src': [...FIREBASE] };
  if (env.APP_CHECK_REQUIRED === 'true') {
    for (const [directive, hosts] of Object.entries(APP_CHECK)) {
      needed[directive] = [...(needed[directive] ?? []), ...hosts];
    }
  }
  if (env.ANALYTICS_TOKEN?.trim()) {
    const host = env.ANALYTICS_API_HOST?.trim().replace(/\/+$/, '') || DEFAULT_ANALYTICS_HOST;
    needed['connect-src'].push(host);
  }
  return needed;
}

/** The policy's host sources per directive (keywords, 'self', data: and blob: left out). */
export function hostSources(policy) {
  const hosts = {};
  for (const part of policy.split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/);
    if (!directive) continue;
    hosts[directive] = sources.filter((s) => !s.startsWith("'") && !/^[a-z-]+:$/.test(s));
  }
  return hosts;
}

/** The CSP of every page (Hosting's `**` header) in firebase.json. */
export function pagePolicy(firebaseJson) {
  const rule = firebaseJson.hosting?.headers?.find((h) => h.source === '**');
  return rule?.headers?.find((h) => h.key === 'Content-Security-Policy')?.value;
}

export function checkCsp(firebaseJson, env) {
  const policy = pagePolicy(firebaseJson);
  if (!policy) return ['firebase.json: no Content-Security-Policy header on "**"'];
  const actual = hostSources(policy);
  const needed = neededHosts(env);
  const problems = [];
  for (const directive of new Set([...Object.keys(actual), ...Object.keys(needed)])) {
    const has = new Set(actual[directive] ?? []);
    const wants = new Set(needed[directive] ?? []);
    for (const host of wants) {
      if (!has.has(host))
        problems.push(
          `firebase.json CSP: ${directive} lacks ${host}, which the configured services need`,
        );
    }
    for (const host of has) {
      if (!wants.has(host))
        problems.push(
          `firebase.json CSP: ${directive} allows ${host}, which no configured service needs`,
        );
    }
  }
  return problems;
}
