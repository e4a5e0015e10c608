// Renders the PWA icons from public/logo.svg with the system Chromium (run once: npm run icons).
// The maskable icon keeps the logo inside the 80 % safe zone on a full-bleed background. favicon.ico holds
// 32 and 48 px PNGs (the ICO format may carry PNG images since Windows Vista; every browser reads them):
// browsers and crawlers ask for /favicon.ico on their own, the viewer page declares it (viewer.html).
import fs from 'node:fs';
import path from 'node:path';

import { launchBrowser } from '../tests/helpers/browser';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'public/logo.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** An ICO file holding these PNG images (6-byte header, one 16-byte entry per image, then the images). */
function ico(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry); // width (0 means 256)
    header.writeUInt8(size % 256, entry + 1); // height
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

const browser = await launchBrowser();
try {
  const favicons = [];
  for (const size of [32, 48]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<body style="margin:0"><img src="${dataUrl}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    favicons.push({ size, png: await page.screenshot({ omitBackground: true }) });
    await page.close();
  }
  fs.writeFileSync(path.join(root, 'public/favicon.ico'), ico(favicons));
  for (const [name, size, maskable] of [
    ['icon-192.png', 192, false],
    ['icon-512.png', 512, false],
    ['icon-maskable-512.png', 512, true],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = maskable ? Math.round(size * 0.6) : size;
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;background:${maskable ? '#4338ca' : 'transparent'}">` +
        `<img src="${dataUrl}" width="${inner}" height="${inner}"></body>`,
    );
    await page.screenshot({ path: path.join(root, 'public/icons', name), omitBackground: !maskable });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log('icons written to public/icons and public/favicon.ico');
