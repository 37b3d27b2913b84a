// Each deploy check against fixtures that break it, and the repository as it is.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../test-ports.mjs';
import { COMPLETE_SETTINGS, checkBundle } from './bundle.mjs';
import { DEFAULT_ANALYTICS_HOST, checkCsp, pagePolicy } from './csp.mjs';
import { checkIndexes, checkTtl } from './indexes.mjs';
import { analyse, sourceFiles } from './queries.mjs';

const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'deploy-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes TypeScript fixture files and analyses them. */
function analyseSource(files) {
  const paths = Object.entries(files).map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  });
  return analyse(paths);
}

const FIXTURE = `
declare const db: any;
const invites = db.collection('invites');
export const byOwner = (owner: string) =>
  invites.where('ownerId', '==', owner).orderBy('createdAt', 'desc').get();
function countSince(field: string, since: number) {
  return invites.where(field, '>=', since).count().get();
}
export const recent = () => countSince('createdAt', 0);
export async function touch(tx: any, id: string) {
  tx.set(db.collection('sessions').doc(id), { expiresAt: new Date() });
}
`;
const ownerIndex = {
  collectionGroup: 'invites',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'ownerId', order: 'ASCENDING' },
    { fieldPath: 'createdAt', order: 'DESCENDING' },
  ],
};

describe('index check', () => {
  // Analysed once, while the tests are collected: reading the app's source takes seconds.
  const { queries, expiring } = analyseSource({ 'fixture.ts': FIXTURE });
  const app = analyse(sourceFiles(root));

  it('finds an equality-plus-sort query without its composite index', () => {
    expect(checkIndexes(queries, { indexes: [], fieldOverrides: [] })).toEqual([
      expect.stringMatching(
        /fixture\.ts:5: invites \(collection\): no composite index on ownerId then createdAt desc/,
      ),
    ]);
  });

  it('passes once the index exists, and follows a field name through a parameter', () => {
    expect(checkIndexes(queries, { indexes: [ownerIndex], fieldOverrides: [] })).toEqual([]);
    expect(queries).toContainEqual(
      expect.objectContaining({
        collection: 'invites',
        filters: [{ field: 'createdAt', op: '>=' }],
      }),
    );
  });

  it('knows a TTL override takes the single-field index away', () => {
    const ttlOnCreatedAt = {
      collectionGroup: 'invites',
      fieldPath: 'createdAt',
      ttl: true,
      indexes: [],
    };
    expect(
      checkIndexes(queries, { indexes: [ownerIndex], fieldOverrides: [ttlOnCreatedAt] }),
    ).toEqual([
      expect.stringMatching(
        /fixture\.ts:7: invites \(collection\): no single-field ascending index on createdAt/,
      ),
    ]);
  });

  it('follows a web SDK query past its limitToLast() and endBefore() constraints', () => {
    const { queries: paged } = analyseSource({
      'paged.ts': `declare const sdk: any; declare const db: any; declare const cursor: any;\nexport const q = sdk.query(sdk.collection(db, 'comments'), sdk.orderBy('createdAt'), sdk.endBefore(cursor), sdk.limitToLast(50));\nexport const r = sdk.query(sdk.collection(db, 'comments'), sdk.where('photoId', '==', 'p'), sdk.orderBy('createdAt'), sdk.limitToLast(50));\n`,
    });
    expect(checkIndexes(paged, { indexes: [], fieldOverrides: [] })).toEqual([
      expect.stringMatching(/paged\.ts:3: comments \(collection\)/),
    ]);
  });

  it('reports a query it cannot follow rather than passing it', () => {
    const { queries: opaque } = analyseSource({
      'opaque.ts': `declare const db: any; declare const field: string;\nexport const q = db.collection('users').where(field, '==', 1);\n`,
    });
    expect(checkIndexes(opaque, { indexes: [], fieldOverrides: [] })).toEqual([
      expect.stringMatching(/opaque\.ts:2: cannot tell statically which query this is/),
    ]);
  });

  it('finds every query of the app served by firestore.indexes.json', () => {
    expect(app.queries.length).toBeGreaterThan(20);
    expect(checkIndexes(app.queries, readJson('firestore.indexes.json'))).toEqual([]);
  });

  it('fails the app when one of its composite indexes goes', () => {
    const config = readJson('firestore.indexes.json');
    config.indexes = config.indexes.filter((index) => index.collectionGroup !== 'invites');
    const problems = checkIndexes(app.queries, config);
    expect(problems).toContainEqual(expect.stringMatching(/sharing\/invites\.ts:\d+: invites/));
  });

  it('finds an expiring collection without a TTL policy', () => {
    expect(checkTtl(expiring, { fieldOverrides: [] })).toEqual([
      expect.stringMatching(/fixture\.ts:11: sessions gets an expiresAt but .* no TTL override/),
    ]);
    const ttl = { collectionGroup: 'sessions', fieldPath: 'expiresAt', ttl: true, indexes: [] };
    expect(checkTtl(expiring, { fieldOverrides: [ttl] })).toEqual([]);
  });

  it('fails the app when one of its TTL overrides goes', () => {
    const config = readJson('firestore.indexes.json');
    expect(checkTtl(app.expiring, config)).toEqual([]);
    config.fieldOverrides = config.fieldOverrides.filter((o) => o.collectionGroup !== 'rateLimits');
    expect(checkTtl(app.expiring, config)).toEqual([
      expect.stringMatching(/lib\/rate-limit\.ts:\d+: rateLimits gets an expiresAt/),
    ]);
  });
});

describe('CSP check', () => {
  const firebaseJson = readJson('firebase.json');
  const withPolicy = (edit) => {
    const copy = structuredClone(firebaseJson);
    const header = copy.hosting.headers
      .find((h) => h.source === '**')
      .headers.find((h) => h.key === 'Content-Security-Policy');
    header.value = edit(header.value);
    return copy;
  };

  it("passes firebase.json's policy for the complete settings", () => {
    expect(checkCsp(firebaseJson, COMPLETE_SETTINGS)).toEqual([]);
  });

  it('asks for the analytics host once analytics are on', () => {
    expect(checkCsp(firebaseJson, { ...COMPLETE_SETTINGS, ANALYTICS_TOKEN: 't' })).toEqual([
      `firebase.json CSP: connect-src lacks ${DEFAULT_ANALYTICS_HOST}, which the configured services need`,
    ]);
    const eu = {
      ...COMPLETE_SETTINGS,
      ANALYTICS_TOKEN: 't',
      ANALYTICS_API_HOST: 'https://api-eu.mixpanel.com',
    };
    const allowed = withPolicy((p) =>
      p.replace('connect-src', 'connect-src https://api-eu.mixpanel.com'),
    );
    expect(checkCsp(allowed, eu)).toEqual([]);
  });

  it('refuses a host nothing needs, and reCAPTCHA without App Check', () => {
    const extra = withPolicy((p) =>
      p.replace("img-src 'self'", "img-src 'self' https://cdn.example"),
    );
    expect(checkCsp(extra, COMPLETE_SETTINGS)).toEqual([
      'firebase.json CSP: img-src allows https://cdn.example, which no configured service needs',
    ]);
    const problems = checkCsp(firebaseJson, { ...COMPLETE_SETTINGS, APP_CHECK_REQUIRED: 'false' });
    expect(problems).toContain(
      'firebase.json CSP: script-src allows https://www.google.com/recaptcha/, which no configured service needs',
    );
  });

  it('finds the policy on every page', () => {
    expect(pagePolicy(firebaseJson)).toMatch(/^default-src 'self'/);
  });
});

describe('bundle check', () => {
  // A stand-in bundle: starts only with A and B, like the real one with its settings.
  const bundle = join(dir, 'bundle.cjs');
  const strict = `for (const name of ['A', 'B']) if (!process.env[name]) throw new Error(name + ' is missing');\nexports.api = () => {};\n`;

  it('passes a bundle that refuses, naming it, without each setting', () => {
    writeFileSync(bundle, strict);
    expect(checkBundle(bundle, { A: '1', B: '2' }, ['A', 'B'])).toEqual([]);
  });

  it('fails a bundle that starts without a setting it needs', () => {
    writeFileSync(
      bundle,
      `if (!process.env.A) throw new Error('A is missing');\nexports.api = () => {};\n`,
    );
    expect(checkBundle(bundle, { A: '1', B: '2' }, ['A', 'B'])).toEqual([
      'the function starts without B',
    ]);
  });

  it('fails a bundle that stops without saying which setting', () => {
    writeFileSync(
      bundle,
      `if (!process.env.A) throw new Error('bad config');\nexports.api = () => {};\n`,
    );
    expect(checkBundle(bundle, { A: '1' }, ['A'])).toEqual([
      expect.stringMatching(/^without A the function stops, but its message does not name it/),
    ]);
  });

  it('fails a bundle that does not start with complete settings', () => {
    writeFileSync(bundle, `throw new Error('broken');\n`);
    expect(checkBundle(bundle, { A: '1' }, [])[0]).toMatch(/does not start with complete settings/);
  });
});
