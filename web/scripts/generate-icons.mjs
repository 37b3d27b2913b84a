// Draws the icons from the one logo mark (src/assets/logo-mark.svg): the favicon and the maskable
// SVG in public/, and the PNG icons rendered from them with the system Chromium.
// Run after changing the mark: `npm run icons -w web`. The outputs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(webDir, 'public');
const BRAND_GREEN = '#153F33';

/** The mark's drawing: the contents of its <svg> element. */
const mark = (await readFile(join(webDir, 'src', 'assets', 'logo-mark.svg'), 'utf8'))
  .replace(/^[\s\S]*?<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .trim();

/** The mark on a green tile; `scale` keeps it inside a maskable icon's safe zone. */
function tile({ rounded, scale }) {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">',
    `  <rect width="512" height="512"${rounded ? ' rx="112"' : ''} fill="${BRAND_GREEN}"/>`,
    `  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)">`,
    ...mark.split('\n').map((line, i) => `    ${i ? line.replace(/^ {2}/, '') : line}`),
    '  </g>',
    '</svg>',
    '',
  ].join('\n');
}

await writeFile(join(publicDir, 'favicon.svg'), tile({ rounded: true, scale: 0.86 }));
await writeFile(join(publicDir, 'icons', 'maskable.svg'), tile({ rounded: false, scale: 0.7 }));

const outputs = [
  { svg: 'favicon.svg', png: 'icons/icon-192.png', size: 192 },
  { svg: 'favicon.svg', png: 'icons/icon-512.png', size: 512 },
  { svg: 'icons/maskable.svg', png: 'icons/maskable-512.png', size: 512 },
  // iOS ignores transparency and rounds corners itself: use the full-bleed variant.
  { svg: 'icons/maskable.svg', png: 'icons/apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage();
  for (const { svg, png, size } of outputs) {
    const markup = await readFile(join(publicDir, svg), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`,
    );
    const image = await page.screenshot({ omitBackground: true, type: 'png' });
    await writeFile(join(publicDir, png), image);
    console.log(`${png} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
