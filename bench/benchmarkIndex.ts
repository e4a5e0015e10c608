// Lighthouse's benchmark index of this host, measured in the system Chromium as Lighthouse measures it
// (its own page function, lighthouse/core/lib/page-functions.js): printed beside every timing of the bench,
// so that a figure from one host can be compared with another's (a higher index is a faster host).
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

import { launchBrowser } from '../tests/helpers/browser';

export async function benchmarkIndex(): Promise<number> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    return Math.round(await page.evaluate<number>(source));
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`benchmark index: ${await benchmarkIndex()}`);
