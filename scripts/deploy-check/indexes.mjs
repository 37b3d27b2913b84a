// Whether Firestore serves each query with the indexes of firestore.indexes.json, by its
// documented rules: single-field indexes exist for every field of a collection (ascending,
// descending, array-contains) unless a fieldOverride says otherwise, and for collection-group
// queries only where an override adds them; equality-only queries merge single-field indexes;
// one sort (or range) field alone uses its single-field index; anything else needs composite
// indexes ending in the sort fields, which Firestore may merge across the equality fields.
const EQUALITY = new Set(['==', 'in', 'array-contains', 'array-contains-any']);
const RANGE = new Set(['<', '<=', '>', '>=', '!=', 'not-in']);

const scopeOf = (query) => (query.group ? 'COLLECTION_GROUP' : 'COLLECTION');
const isArrayOp = (op) => op === 'array-contains' || op === 'array-contains-any';

/** Whether a single-field index of `kind` (ASCENDING, DESCENDING, CONTAINS) exists. */
function singleField(config, collection, field, scope, kind) {
  const override = (config.fieldOverrides ?? []).find(
    (o) => o.collectionGroup === collection && o.fieldPath === field,
  );
  if (!override || !override.indexes) return scope === 'COLLECTION';
  return override.indexes.some(
    (index) =>
      (index.queryScope ?? 'COLLECTION') === scope &&
      (index.arrayConfig === kind || index.order === kind),
  );
}

const direction = (dir) => (String(dir).toLowerCase() === 'desc' ? 'DESCENDING' : 'ASCENDING');

/** Why `query` would be refused for want of an index, or null when it is served. */
export function missingIndex(query, config) {
  const scope = scopeOf(query);
  const equalities = new Map();
  const ranges = [];
  for (const { field, op } of query.filters) {
    if (field === '__name__') continue; // the document id is always indexed
    if (EQUALITY.has(op)) equalities.set(field, isArrayOp(op) ? 'CONTAINS' : 'ASCENDING');
    else if (RANGE.has(op)) ranges.push(field);
    else return `unknown operator ${op}`;
  }
  // The sort: explicit orderBy, else the range field (ascending).
  const sort = [];
  for (const { field, dir } of query.orders) {
    if (!sort.some((s) => s.field === field)) sort.push({ field, order: direction(dir) });
  }
  for (const field of ranges) {
    if (!sort.some((s) => s.field === field)) sort.push({ field, order: 'ASCENDING' });
  }
  // A trailing document-id sort in the direction of the sort before it is in every index.
  const last = sort.at(-1);
  if (last?.field === '__name__' && sort.length > 1 && sort.at(-2).order === last.order) sort.pop();
  for (const field of sort.map((s) => s.field)) equalities.delete(field);

  const where = `${query.collection} (${scope.toLowerCase().replace('_', ' ')})`;
  if (sort.length === 0) {
    for (const [field, kind] of equalities) {
      const served =
        singleField(config, query.collection, field, scope, kind) ||
        (kind === 'ASCENDING' && singleField(config, query.collection, field, scope, 'DESCENDING'));
      if (!served) return `${where}: no single-field index on ${field}`;
    }
    return null;
  }
  if (sort.length === 1 && equalities.size === 0) {
    const [{ field, order }] = sort;
    return singleField(config, query.collection, field, scope, order)
      ? null
      : `${where}: no single-field ${order.toLowerCase()} index on ${field}`;
  }
  // Composite: indexes of this collection and scope whose last fields are the sort, exactly.
  const candidates = (config.indexes ?? [])
    .filter(
      (i) => i.collectionGroup === query.collection && (i.queryScope ?? 'COLLECTION') === scope,
    )
    .map((i) => i.fields.filter((f) => f.fieldPath !== '__name__'))
    .filter((fields) => {
      if (fields.length < sort.length) return false;
      const tail = fields.slice(fields.length - sort.length);
      const head = fields.slice(0, fields.length - sort.length);
      return (
        tail.every((f, i) => f.fieldPath === sort[i].field && f.order === sort[i].order) &&
        head.every(
          (f) =>
            equalities.has(f.fieldPath) &&
            equalities.get(f.fieldPath) === (f.arrayConfig ? 'CONTAINS' : 'ASCENDING'),
        )
      );
    })
    .map((fields) => fields.slice(0, fields.length - sort.length).map((f) => f.fieldPath));
  const sortText = sort.map((s) => `${s.field} ${s.order.toLowerCase()}`).join(', ');
  if (equalities.size === 0) {
    return candidates.some((head) => head.length === 0)
      ? null
      : `${where}: no composite index on ${sortText}`;
  }
  const uncovered = [...equalities.keys()].filter(
    (field) => !candidates.some((head) => head.includes(field)),
  );
  return uncovered.length === 0
    ? null
    : `${where}: no composite index on ${uncovered.join(' + ')} then ${sortText}`;
}

/** Every query that Firestore would refuse, with where it is in the code and why. */
export function checkIndexes(queries, config) {
  const problems = [];
  for (const query of queries) {
    if (query.kind !== 'query') {
      problems.push(`${query.at}: cannot tell statically which query this is (${query.why})`);
      continue;
    }
    const missing = missingIndex(query, config);
    if (missing) problems.push(`${query.at}: ${missing}`);
  }
  return [...new Set(problems)];
}

/**
 * Collections whose `expiresAt` is a date shown to people, not a deletion date: a TTL policy
 * there would delete what the app still lists.
 */
export const EXPIRY_SHOWN_NOT_DELETED = {
  invites: 'an expired link stays on the moment\u2019s sharing list as "expired"',
};

/** Collections the code writes an `expiresAt` into that have no TTL policy on it. */
export function checkTtl(expiring, config) {
  const problems = [];
  for (const write of expiring) {
    if (!write.collection) {
      problems.push(
        `${write.at}: writes expiresAt, cannot tell into which collection (${write.why})`,
      );
      continue;
    }
    if (write.collection in EXPIRY_SHOWN_NOT_DELETED) continue;
    const ttl = (config.fieldOverrides ?? []).some(
      (o) =>
        o.collectionGroup === write.collection && o.fieldPath === 'expiresAt' && o.ttl === true,
    );
    if (!ttl) {
      problems.push(
        `${write.at}: ${write.collection} gets an expiresAt but firestore.indexes.json has no TTL override for it`,
      );
    }
  }
  return [...new Set(problems)];
}
