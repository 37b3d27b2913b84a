// A local stand-in for the part of the Cloud Storage JSON API that Moments uses, so the
// function's photo store runs its production path (firebase-admin's getStorage(), i.e. the
// official @google-cloud/storage client) under the emulators, offline. The client is pointed at
// it by STORAGE_EMULATOR_HOST, which makes it send metadata calls without the /storage/v1
// prefix; both forms are served:
//   POST   /upload/storage/v1/b/:bucket/o?uploadType=media|multipart&name=   simple upload
//   GET    [/storage/v1]/b/:bucket/o/:name                 object metadata (?alt=media: bytes)
//   GET    [/download/storage/v1]/b/:bucket/o/:name?alt=media                  bytes
//   GET    [/storage/v1]/b/:bucket/o?prefix=&delimiter=&maxResults=&pageToken=  list
//   DELETE [/storage/v1]/b/:bucket/o/:name
// Objects keep their content type, size, generation, md5 and crc32c (sent in x-goog-hash, so
// the client's download check runs); unknown objects and buckets get the service's JSON 404.
// Only the buckets it is given exist. With `dataDir`, objects are kept there between runs.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { listen, readBody } from './stand-in-http.mjs';

/** CRC32C (Castagnoli), as Cloud Storage reports it: big-endian, base64. */
const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();
function crc32c(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC32C_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return out.toString('base64');
}

const DEFAULT_PAGE_SIZE = 1000;

/** The error body Cloud Storage answers with (what the client turns into an ApiError). */
function storageError(res, code, message, reason) {
  send(res, code, { error: { code, message, errors: [{ message, domain: 'global', reason }] } });
}

function send(res, status, body, headers = {}) {
  const json = !Buffer.isBuffer(body);
  res.writeHead(status, {
    'Content-Type': json ? 'application/json; charset=UTF-8' : 'application/octet-stream',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(json ? JSON.stringify(body) : body);
}

/** The two parts of a multipart/related upload: JSON metadata, then the media. */
function parseMultipart(body, contentType) {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    // Each part: CRLF, headers, blank line, body, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return undefined;
    const headers = Object.fromEntries(
      part
        .subarray(0, split)
        .toString()
        .split('\r\n')
        .map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
    );
    parts.push({ headers, body: part.subarray(split + 4) });
    at = next;
  }
  return parts.length === 2 ? parts : undefined;
}

/**
 * Starts the stand-in. `buckets`: the bucket names that exist. `dataDir`, when given, keeps
 * every object there (bytes and metadata) and loads them at start.
 */
export async function startStorageStandIn({ buckets, port = 0, host = '127.0.0.1', dataDir } = {}) {
  /** bucket -> name -> { meta, bytes } */
  const store = new Map(buckets.map((bucket) => [bucket, new Map()]));
  let lastGeneration = Date.now() * 1000;
  const nextGeneration = () => {
    lastGeneration = Math.max(lastGeneration + 1, Date.now() * 1000);
    return String(lastGeneration);
  };

  // One pair of files per object: its bytes and its metadata (which names the object).
  const fileOf = (bucket, name) => join(dataDir, encodeURIComponent(`${bucket}/${name}`));
  const bytesFile = (bucket, name) => `${fileOf(bucket, name)}.bytes`;
  const metaFile = (bucket, name) => `${fileOf(bucket, name)}.meta.json`;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    for (const entry of readdirSync(dataDir)) {
      if (!entry.endsWith('.meta.json')) continue;
      const meta = JSON.parse(readFileSync(join(dataDir, entry), 'utf8'));
      const objects = store.get(meta.bucket);
      if (!objects) continue;
      objects.set(meta.name, { meta, bytes: readFileSync(bytesFile(meta.bucket, meta.name)) });
      lastGeneration = Math.max(lastGeneration, Number(meta.generation));
    }
  }

  let baseUrl = '';
  function put(bucket, name, bytes, contentType, metadata = {}) {
    const generation = nextGeneration();
    const now = new Date().toISOString();
    const md5Hash = createHash('md5').update(bytes).digest('base64');
    const meta = {
      kind: 'storage#object',
      id: `${bucket}/${name}/${generation}`,
      selfLink: `${baseUrl}/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}`,
      mediaLink: `${baseUrl}/download/storage/v1/b/${bucket}/o/${encodeURIComponent(name)}?generation=${generation}&alt=media`,
      name,
      bucket,
      generation,
      metageneration: '1',
      contentType,
      storageClass: 'STANDARD',
      size: String(bytes.length),
      md5Hash,
      crc32c: crc32c(bytes),
      etag: createHash('sha1').update(generation).digest('base64').slice(0, 12),
      timeCreated: now,
      updated: now,
      timeStorageClassUpdated: now,
      ...(metadata.metadata ? { metadata: metadata.metadata } : {}),
      ...(metadata.cacheControl ? { cacheControl: metadata.cacheControl } : {}),
    };
    store.get(bucket).set(name, { meta, bytes });
    if (dataDir) {
      writeFileSync(bytesFile(bucket, name), bytes);
      writeFileSync(metaFile(bucket, name), JSON.stringify(meta));
    }
    return meta;
  }

  function remove(bucket, name) {
    store.get(bucket).delete(name);
    if (dataDir) {
      rmSync(bytesFile(bucket, name), { force: true });
      rmSync(metaFile(bucket, name), { force: true });
    }
  }

  function list(res, bucket, query) {
    const prefix = query.get('prefix') ?? '';
    const delimiter = query.get('delimiter') ?? '';
    const pageSize = Math.min(Number(query.get('maxResults')) || DEFAULT_PAGE_SIZE, 1000);
    const after = query.get('pageToken')
      ? Buffer.from(query.get('pageToken'), 'base64url').toString()
      : '';
    const names = [...store.get(bucket).keys()]
      .filter((name) => name.startsWith(prefix) && name > after)
      .sort();
    const items = [];
    const prefixes = new Set();
    let last = '';
    for (const name of names) {
      if (items.length + prefixes.size >= pageSize) break;
      last = name;
      const rest = name.slice(prefix.length);
      const cut = delimiter ? rest.indexOf(delimiter) : -1;
      if (cut >= 0) prefixes.add(prefix + rest.slice(0, cut + delimiter.length));
      else items.push(store.get(bucket).get(name).meta);
    }
    const more = last && names[names.length - 1] !== last;
    send(res, 200, {
      kind: 'storage#objects',
      ...(more ? { nextPageToken: Buffer.from(last).toString('base64url') } : {}),
      ...(prefixes.size ? { prefixes: [...prefixes] } : {}),
      ...(items.length ? { items } : {}),
    });
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match = /^(?:\/upload|\/download)?(?:\/storage\/v1)?\/b\/([^/]+)\/o(?:\/(.+))?$/.exec(
      url.pathname,
    );
    if (!match) return storageError(res, 404, 'Not Found', 'notFound');
    const bucket = decodeURIComponent(match[1]);
    const name = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
    if (!store.has(bucket)) {
      return storageError(res, 404, 'The specified bucket does not exist.', 'notFound');
    }
    const objects = store.get(bucket);
    const notFound = () => storageError(res, 404, `No such object: ${bucket}/${name}`, 'notFound');

    if (req.method === 'POST' && url.pathname.startsWith('/upload/') && name === undefined) {
      const body = await readBody(req);
      const type = url.searchParams.get('uploadType');
      if (type === 'multipart') {
        const parts = parseMultipart(body, req.headers['content-type'] ?? '');
        if (!parts) return storageError(res, 400, 'Invalid multipart request.', 'invalid');
        const metadata = JSON.parse(parts[0].body.toString() || '{}');
        const objectName = url.searchParams.get('name') ?? metadata.name;
        if (!objectName) return storageError(res, 400, 'Required', 'required');
        const contentType =
          metadata.contentType ?? parts[1].headers['content-type'] ?? 'application/octet-stream';
        return send(res, 200, put(bucket, objectName, parts[1].body, contentType, metadata));
      }
      if (type === 'media') {
        const objectName = url.searchParams.get('name');
        if (!objectName) return storageError(res, 400, 'Required', 'required');
        const contentType = req.headers['content-type'] ?? 'application/octet-stream';
        return send(res, 200, put(bucket, objectName, body, contentType));
      }
      return storageError(res, 400, `Invalid upload type: ${type}`, 'invalid');
    }
    if (req.method === 'GET' && name === undefined) return list(res, bucket, url.searchParams);
    if (req.method === 'GET') {
      const object = objects.get(name);
      const generation = url.searchParams.get('generation');
      if (!object || (generation && generation !== object.meta.generation)) return notFound();
      if (url.searchParams.get('alt') !== 'media') return send(res, 200, object.meta);
      return send(res, 200, object.bytes, {
        'Content-Type': object.meta.contentType,
        'Content-Length': String(object.bytes.length),
        'x-goog-generation': object.meta.generation,
        'x-goog-metageneration': object.meta.metageneration,
        'x-goog-stored-content-encoding': 'identity',
        'x-goog-hash': `crc32c=${object.meta.crc32c},md5=${object.meta.md5Hash}`,
      });
    }
    if (req.method === 'DELETE' && name !== undefined) {
      if (!objects.has(name)) return notFound();
      remove(bucket, name);
      res.writeHead(204);
      return res.end();
    }
    return storageError(res, 405, 'Method not allowed', 'methodNotAllowed');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => storageError(res, 500, String(err), 'backendError'));
  });
  // Idle connections stay open longer than the client keeps them (as the service's do), so the
  // client never writes an upload into a socket the server is just closing (EPIPE).
  server.keepAliveTimeout = 10 * 60 * 1000;
  server.headersTimeout = server.keepAliveTimeout + 1000;
  baseUrl = await listen(server, port, host);
  return {
    url: baseUrl,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/** The bucket firebase-tools gives the function's Admin SDK (FIREBASE_CONFIG.storageBucket). */
export const bucketFor = (projectId) => `${projectId}.appspot.com`;

/**
 * For the emulators: a stand-in holding the project's default bucket and the variables that
 * point firebase-admin's getStorage() at it (STORAGE_EMULATOR_HOST is what @google-cloud/storage
 * reads). The port is any free one unless STORAGE_STAND_IN_PORT says otherwise.
 */
export async function startStorageForEmulators({ projectId, dataDir }, env = process.env) {
  const standIn = await startStorageStandIn({
    buckets: [bucketFor(projectId)],
    port: Number(env.STORAGE_STAND_IN_PORT ?? 0),
    dataDir,
  });
  const hostPort = standIn.url.replace(/^http:\/\//, '');
  return {
    close: standIn.close,
    env: { STORAGE_EMULATOR_HOST: standIn.url, FIREBASE_STORAGE_EMULATOR_HOST: hostPort },
  };
}
