// npm run lighthouse: Lighthouse performance and accessibility of /login and /dashboard, measured with the
// lighthouse package against the system Chromium and npm start's server (built app, demo data).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

import { CHROMIUM_FLAGS, chromiumPath } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
const rows: string[] = [];
try {
  // Sign in once in this browser: the dashboard run keeps the stored token (disableStorageReset).
  const res = await fetch(`${server.url}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail: 'vendeur@demo.fr', password: 'Demo!2026pass' }),
  });
  const { token } = (await res.json()) as { token: string };

  for (const [path, signedIn] of [
    ['/login', false],
    ['/dashboard', true],
  ] as const) {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = cdp.contexts()[0].pages()[0] ?? (await cdp.contexts()[0].newPage());
    await page.goto(`${server.url}/login`);
    await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), signedIn ? token : null);
    await cdp.close();
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'desktop',
      screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
      throttlingMethod: 'provided',
      disableStorageReset: true,
    });
    const c = result!.lhr.categories;
    const failing = c.accessibility.auditRefs
      .map((ref) => result!.lhr.audits[ref.id])
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => a.id);
    if (failing.length) console.log(`${path}: accessibility audits to improve: ${failing.join(', ')}`);
    if (process.env.LIGHTHOUSE_DETAILS) {
      for (const id of failing) {
        const items =
          (result!.lhr.audits[id].details as { items?: Array<{ node?: { selector?: string; snippet?: string } }> })
            ?.items ?? [];
        for (const item of items) console.log(`  ${id}: ${item.node?.selector} ${item.node?.snippet?.slice(0, 160)}`);
      }
    }
    rows.push(
      `| ${path} | ${Math.round((c.performance.score ?? 0) * 100)} | ${Math.round((c.accessibility.score ?? 0) * 100)} |`,
    );
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.log(['| page | performance | accessibility |', '|---|---|---|', ...rows].join('\n'));
