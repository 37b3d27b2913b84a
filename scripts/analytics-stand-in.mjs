// A local stand-in for the analytics provider's ingestion API (Mixpanel's), so the real
// mixpanel-browser library runs offline under the emulators (npm start and the tests):
//   POST /track/ /engage/ /groups/  form body data=<JSON or base64 JSON> (an array in batches);
//                                   answers {"status":1,"error":null} with ?verbose=1, else 1
//   POST /record/                   a session replay batch: gzip body, Basic auth (token:),
//                                   replay_id, seq, distinct_id, replay_length_ms, ... in the query
// It answers CORS as the provider does (credentials, the app's origin, Retry-After exposed).
// What it receives is kept in memory for tests and, with a data directory, appended to
// received.ndjson there. Tests read and steer it on /__stand-in/ (never a provider path):
//   GET    /__stand-in/received?token=T   what arrived (decoded), oldest first
//   POST   /__stand-in/faults {token, endpoint?, status?, retryAfter?, drop?, maxEvents?, times?}
//   DELETE /__stand-in/faults?token=T     back to normal answers
// A fault applies to requests carrying its token (events' token property, replay's Basic
// auth), so tests running side by side never see each other's faults or data.
import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { listen, readBody } from './stand-in-http.mjs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const LOCAL_ANALYTICS_TOKEN = 'local-analytics-token';
const ENDPOINTS = new Set(['track', 'engage', 'groups', 'record']);
/** Received requests kept in memory; the oldest go first past this. */
const MAX_KEPT = 5000;

/** The `data` field of an event request: JSON, or base64 of JSON (the library's default). */
function decodeEventData(raw) {
  const data = new URLSearchParams(raw.toString('utf8')).get('data') ?? '';
  try {
    return JSON.parse(data);
  } catch {
    return JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  }
}

function tokenOfEvents(items) {
  for (const item of items) {
    const token = item?.properties?.token ?? item?.$token;
    if (token) return String(token);
  }
  return null;
}

function basicAuthUser(header) {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const user = decoded.slice(0, decoded.indexOf(':'));
  return decoded.includes(':') && user ? user : null;
}

/** Starts the stand-in; answers its base URL, its received list and a close(). */
export async function startAnalyticsStandIn({ port = 0, host = '127.0.0.1', dataDir } = {}) {
  /** @type {object[]} */
  const received = [];
  /** token -> faults, first match wins */
  const faults = new Map();
  let nextId = 1;
  if (dataDir) mkdirSync(dataDir, { recursive: true });

  function keep(entry) {
    received.push(entry);
    if (received.length > MAX_KEPT) received.shift();
    if (dataDir) appendFileSync(join(dataDir, 'received.ndjson'), `${JSON.stringify(entry)}\n`);
  }

  function takeFault(token, endpoint, items) {
    const list = faults.get(token) ?? [];
    const fault = list.find(
      (f) =>
        (!f.endpoint || f.endpoint === endpoint) &&
        (f.maxEvents === undefined || items.length > f.maxEvents),
    );
    if (!fault) return null;
    if (fault.times !== undefined && --fault.times <= 0) list.splice(list.indexOf(fault), 1);
    return fault;
  }

  function cors(req, res) {
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
    }
    res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
  }

  function json(res, status, body, headers = {}) {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  async function control(req, res, url) {
    const token = url.searchParams.get('token');
    if (req.method === 'GET' && url.pathname === '/__stand-in/received') {
      return json(res, 200, token ? received.filter((r) => r.token === token) : received);
    }
    if (req.method === 'POST' && url.pathname === '/__stand-in/faults') {
      const fault = JSON.parse((await readBody(req)).toString('utf8') || '{}');
      if (!fault.token) return json(res, 400, { error: 'token is required' });
      if (fault.endpoint && !ENDPOINTS.has(fault.endpoint)) {
        return json(res, 400, { error: 'unknown endpoint' });
      }
      faults.set(fault.token, [...(faults.get(fault.token) ?? []), fault]);
      return json(res, 200, { ok: true });
    }
    if (req.method === 'DELETE' && url.pathname === '/__stand-in/faults') {
      if (token) faults.delete(token);
      else faults.clear();
      return json(res, 200, { ok: true });
    }
    return json(res, 404, { error: 'not_found' });
  }

  async function ingest(req, res, url, endpoint) {
    const raw = await readBody(req);
    const query = Object.fromEntries(url.searchParams);
    let token;
    let items;
    let body;
    if (endpoint === 'record') {
      token = basicAuthUser(req.headers.authorization);
      if (!token) return json(res, 401, { error: 'Basic auth with the project token is required' });
      try {
        body = JSON.parse(gunzipSync(raw).toString('utf8'));
      } catch {
        return json(res, 400, { error: 'the body must be gzipped JSON' });
      }
      items = Array.isArray(body) ? body : [body];
    } else {
      try {
        body = decodeEventData(raw);
      } catch {
        return json(res, 400, { status: 0, error: 'data is not JSON' });
      }
      items = Array.isArray(body) ? body : [body];
      token = tokenOfEvents(items);
      if (!token) return json(res, 401, { status: 0, error: 'no project token' });
    }

    const fault = takeFault(token, endpoint, items);
    const entry = {
      id: nextId++,
      at: Date.now(),
      endpoint,
      token,
      query,
      gzip: endpoint === 'record',
      bytes: raw.length,
      items,
      answered: fault?.drop ? 'dropped' : (fault?.status ?? 200),
    };
    keep(entry);
    if (fault?.drop) {
      req.socket.destroy();
      return;
    }
    if (fault?.status) {
      const headers =
        fault.retryAfter === undefined ? {} : { 'Retry-After': String(fault.retryAfter) };
      return json(
        res,
        fault.status,
        { status: 0, error: `stand-in fault ${fault.status}` },
        headers,
      );
    }
    if (endpoint === 'record') return json(res, 200, { code: 200, status: 'OK' });
    if (query.verbose === '1') return json(res, 200, { status: 1, error: null });
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('1');
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        'Access-Control-Max-Age': '600',
      });
      return res.end();
    }
    if (url.pathname.startsWith('/__stand-in/')) return control(req, res, url);
    const endpoint = url.pathname.replace(/^\/|\/$/g, '');
    if (req.method === 'POST' && ENDPOINTS.has(endpoint)) return ingest(req, res, url, endpoint);
    return json(res, 404, { error: 'not_found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) json(res, 500, { error: String(err) });
    });
  });
  return {
    url: await listen(server, port, host),
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * For the emulators: a stand-in on a free port (ANALYTICS_STAND_IN_PORT to choose one) and the
 * ANALYTICS_* variables that point the function, and through GET /api/config/analytics the web
 * app, at it. ANALYTICS_STAND_IN_DATA_DIR keeps what it receives on disk as well.
 */
export async function startAnalyticsForEmulators(env = process.env) {
  const standIn = await startAnalyticsStandIn({
    port: Number(env.ANALYTICS_STAND_IN_PORT ?? 0),
    dataDir: env.ANALYTICS_STAND_IN_DATA_DIR,
  });
  return {
    close: standIn.close,
    env: {
      ANALYTICS_TOKEN: LOCAL_ANALYTICS_TOKEN,
      ANALYTICS_API_HOST: standIn.url,
      // Every local page load reports its Web Vitals, for the admin dashboard's figures.
      ANALYTICS_WEB_VITALS_PERCENT: '100',
    },
  };
}
