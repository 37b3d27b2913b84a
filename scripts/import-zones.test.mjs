// The import zones of eslint.config.js, checked with ESLint itself: every web feature may import
// only the features WEB_FEATURE_IMPORTS names, server middleware imports no feature, and a new
// feature folder without a place in the table stops lint instead of going unguarded.
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { WEB_FEATURE_IMPORTS, featureFolders, webFeatureZones } from '../eslint.config.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const webFeatures = join(root, 'web/src/features');
const serverFeatures = join(root, 'functions/src/features');

/** Some source file of a folder (a real one: the rule resolves what it checks). */
function someFile(folder, skip = () => false) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isFile() && /(?<!\.test)\.tsx?$/.test(entry.name) && !skip(entry.name)) return path;
  }
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) return someFile(join(folder, entry.name), skip);
  }
  throw new Error(`No source file in ${folder}`);
}

/** The import of `target` from a file at `from`, without its extension. */
function importLine(from, target) {
  const path = relative(join(from, '..'), target).replace(/\.tsx?$/, '');
  return `import '${path.startsWith('.') ? path : `./${path}`}';`;
}

const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

/** The lines of `imports` (one import each) that lint refuses in a file at `probe`. */
async function refusedLines(probe, targets) {
  const text = targets.map((target) => importLine(probe, target)).join('\n');
  const [result] = await eslint.lintText(text, { filePath: probe });
  return result.messages.map((message) => targets[message.line - 1]);
}

describe('import zones', () => {
  it('give every web feature folder a place, and name no folder that is gone', () => {
    expect(Object.keys(WEB_FEATURE_IMPORTS).sort()).toEqual(featureFolders('./web/src/features'));
  });

  it('stop lint when a web feature has no place in the table', () => {
    expect(() => webFeatureZones(['moments', 'stickers'], WEB_FEATURE_IMPORTS)).toThrow(/stickers/);
  });

  it('let each web feature import only the features it builds on', async () => {
    const names = featureFolders('./web/src/features');
    for (const name of names) {
      const others = names.filter((other) => other !== name);
      const probe = join(webFeatures, name, 'zone-probe.ts');
      const refused = await refusedLines(
        probe,
        others.map((other) => someFile(join(webFeatures, other))),
      );
      const expected = others.filter((other) => !WEB_FEATURE_IMPORTS[name].includes(other));
      expect({
        name,
        refused: refused.map((path) => relative(webFeatures, path).split('/')[0]),
      }).toEqual({
        name,
        refused: expected,
      });
    }
  }, 60_000);

  it('keep server middleware from importing any feature', async () => {
    const features = featureFolders('./functions/src/features');
    const targets = features.map((name) => someFile(join(serverFeatures, name)));
    const refused = await refusedLines(
      join(root, 'functions/src/middleware/zone-probe.ts'),
      targets,
    );
    expect(refused).toEqual(targets);
  }, 60_000);

  it("let a server feature use another's index.ts only", async () => {
    const admin = join(serverFeatures, 'admin');
    const inside = someFile(admin, (file) => file === 'index.ts');
    const probe = join(serverFeatures, 'journals', 'zone-probe.ts');
    expect(await refusedLines(probe, [join(admin, 'index.ts'), inside])).toEqual([inside]);
  }, 60_000);
});
