// Takes the manifest's screenshots (richer install dialog) from the real app: npm run screenshots.
// BASE_URL reuses a running server; otherwise npm start's server is started on a fresh data directory.
import path from 'node:path';

import { launchBrowser } from '../tests/helpers/browser';
import { ROOT, startServer } from '../tests/helpers/server';

const server = process.env.BASE_URL ? null : await startServer();
const base = process.env.BASE_URL ?? server!.url;
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/login`);
  await page.locator('#email').waitFor();
  await page.screenshot({ path: path.join(ROOT, 'public/screenshots/login-wide.png') });
  await page.fill('#email', 'vendeur@demo.fr');
  await page.fill('#password', 'Demo!2026pass');
  await page.click('button[type=submit]');
  await page.waitForURL('**/dashboard');
  // The figures drawn, not the loading state: the progress bar goes once every product has answered.
  await page.locator('.stat-card').first().waitFor();
  await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 60_000 });
  await page.locator('canvas').first().waitFor();
  await page.screenshot({ path: path.join(ROOT, 'public/screenshots/dashboard-wide.png') });
} finally {
  await browser.close();
  await server?.stop();
}
console.log('screenshots written to public/screenshots');
