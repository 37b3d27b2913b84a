// The tab, the installed app and the header show one mark: the icons are drawn from it by
// web/scripts/generate-icons.mjs. This fails when the mark changed and the icons were not redrawn.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
/** The drawing's elements, whitespace aside. */
const shapes = (svg: string) =>
  (svg.match(/<(rect|circle|path)\b[^>]*>/g) ?? []).map((tag) => tag.replace(/\s+/g, ' '));

describe('logo mark', () => {
  const mark = shapes(read('./logo-mark.svg'));

  it.each(['../../public/favicon.svg', '../../public/icons/maskable.svg'])(
    '%s is the mark on the brand tile',
    (icon) => {
      const drawn = shapes(read(icon));
      expect(drawn[0]).toMatch(/fill="#153F33"/);
      expect(drawn.slice(1)).toEqual(mark);
    },
  );
});
