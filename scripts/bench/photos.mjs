// Photos with a phone photo's amount of detail (fine texture over a gradient), for the bench and
// tests/e2e/perf.test.ts: a flat drawing would compress to almost nothing and make image
// weights meaningless.
import sharp from 'sharp';

export async function detailedPhoto(seed, width = 1600, height = 1200) {
  const texture = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 110, sigma: 60 },
    },
  })
    .blur(0.6)
    .png()
    .toBuffer();
  const sky = `hsl(${(seed * 67) % 360},60%,70%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#153F33"/>
    </linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: texture, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
