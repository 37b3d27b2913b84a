// Figures and their presentation: percentiles, a plain-text table, the JSON file of a part.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../test-ports.mjs';

/** The p-th percentile (nearest rank) of numbers; NaN for none. */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function ms(value) {
  if (!Number.isFinite(value)) return '-';
  return value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
}

/** Prints `{ title, tables: [{ title, columns, rows }] }` as Markdown tables. */
export function printTables({ title, tables }) {
  console.log(`\n## ${title}`);
  for (const table of tables) {
    console.log(`\n${table.title}\n`);
    console.log(`| ${table.columns.join(' | ')} |`);
    console.log(`|${table.columns.map(() => '---').join('|')}|`);
    for (const row of table.rows) console.log(`| ${row.join(' | ')} |`);
  }
}

/** Writes .data/bench/<name>.json; returns its path. */
export function writeResult(name, result) {
  const dir = join(root, '.data', 'bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2)}\n`);
  return file;
}
