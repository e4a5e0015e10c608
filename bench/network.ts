// Bytes transferred by the page and its workers, per phase, read from their Resource Timing entries at the
// end of the phase rather than from Playwright's network events as they happen: asking Playwright for each
// request's sizes cost the driven Chromium and the bench's own process ~3 s of a 10 000-product cold load
// (bench/notes.md, twenty-first pass), time the product never spends for a user.
// A response counts as its `transferSize`: the encoded body plus 300 bytes for its headers, the figure the
// Resource Timing specification gives in place of their real size (a 304 counts 300).
import type { Page } from 'playwright-core';

interface Entry {
  name: string;
  transferSize: number;
}

/** In the page or a worker: entries kept from now on (the buffer holds 250 by default), earlier ones dropped. */
function startCounting(): void {
  performance.setResourceTimingBufferSize(1_000_000);
  performance.clearResourceTimings();
}

function entries(): Entry[] {
  return performance
    .getEntriesByType('resource')
    .map((e) => ({ name: e.name, transferSize: (e as PerformanceResourceTiming).transferSize }));
}

function countVersions(): number {
  const versions = /\/api\/ProductStatistics\/Entreprise\/\d+\/versions$/i;
  return performance.getEntriesByType('resource').filter((e) => versions.test(e.name)).length;
}

const isEvents = (url: string) => /\/api\/ProductStatistics\/Product\/\d+(\?[^/]*)?$/i.test(url);

// A worker started during a phase counts from its own start (250 entries at most: none of the bench's does).
export class ByteCounter {
  constructor(private page: Page) {}

  /** Starts a phase. */
  async reset(): Promise<void> {
    await this.page.evaluate(startCounting);
    for (const w of this.page.workers()) await w.evaluate(startCounting).catch(() => undefined);
  }

  private async all(): Promise<Entry[]> {
    const lists = [await this.page.evaluate(entries)];
    for (const w of this.page.workers()) lists.push(await w.evaluate(entries).catch(() => []));
    return lists.flat();
  }

  /**
   * Resolves when a warm load has revalidated: the company's versions call answered (nothing changed in the
   * bench's data, so no product is fetched after it), or, against a server without it, `n` events calls.
   */
  async waitRevalidated(n: number, timeoutMs = 600_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      let versions = 0;
      for (const w of this.page.workers()) versions += await w.evaluate(countVersions).catch(() => 0);
      if (versions > 0) return;
      const calls = (await this.all()).filter((e) => isEvents(e.name)).length;
      if (calls >= n) return;
      if (Date.now() > end) throw new Error(`${calls}/${n} events calls finished, no versions call`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async total(): Promise<{ bytes: number; requests: number }> {
    const all = await this.all();
    return { bytes: all.reduce((a, e) => a + e.transferSize, 0), requests: all.length };
  }
}
