// Renders the app icons (public/icons/*.png) from the SVGs in public/ with the system Chromium.
// Run after changing an SVG: `node web/scripts/generate-icons.mjs`. The PNGs are committed.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

const outputs = [
  { svg: 'favicon.svg', png: 'icons/icon-192.png', size: 192 },
  { svg: 'favicon.svg', png: 'icons/icon-512.png', size: 512 },
  { svg: 'icons/maskable.svg', png: 'icons/maskable-512.png', size: 512 },
  // iOS ignores transparency and rounds corners itself: use the full-bleed variant.
  { svg: 'icons/maskable.svg', png: 'icons/apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
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
