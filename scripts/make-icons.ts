// Renders the PWA icons from public/logo.svg with the system Chromium (run once: npm run icons).
// The maskable icon keeps the logo inside the 80 % safe zone on a full-bleed background.
import fs from 'node:fs';
import path from 'node:path';

import { launchBrowser } from '../tests/helpers/browser';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'public/logo.svg'), 'utf8');
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

const browser = await launchBrowser();
try {
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
console.log('icons written to public/icons');
