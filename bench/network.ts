// Bytes transferred (encoded bodies and headers, as received) by the page and its worker, per phase.
import type { BrowserContext, Request } from 'playwright-core';

export class ByteCounter {
  private sizes: Array<Promise<number>> = [];
  private requests = 0;
  /** Answers to the per-product events call (200 or 304) since the phase started. */
  eventCalls = 0;
  /** Answers to the company's versions call (docs/dashboard.md) since the phase started. */
  versionCalls = 0;

  constructor(context: BrowserContext) {
    const notModified = new WeakSet<Request>();
    const isEvents = (url: string) => /\/api\/ProductStatistics\/Product\/\d+(\?[^/]*)?$/i.test(url);
    const isVersions = (url: string) => /\/api\/ProductStatistics\/Entreprise\/\d+\/versions$/i.test(url);
    context.on('response', (res) => {
      if (isEvents(res.url())) this.eventCalls++;
      if (isVersions(res.url())) this.versionCalls++;
      // The worker's 304 answers get no 'requestfinished' from Playwright: their headers are counted here.
      if (res.status() === 304) {
        notModified.add(res.request());
        this.requests++;
        this.sizes.push(
          res
            .headersArray()
            .then((h) => h.reduce((n, { name, value }) => n + name.length + value.length + 4, 17))
            .catch(() => 0),
        );
      }
    });
    context.on('requestfailed', (req) => isEvents(req.url()) && this.eventCalls++);
    context.on('requestfinished', (req: Request) => {
      if (notModified.has(req)) return;
      this.requests++;
      this.sizes.push(
        req
          .sizes()
          .then((s) => s.responseBodySize + s.responseHeadersSize)
          .catch(() => 0),
      );
    });
  }

  /** Starts a phase. */
  reset(): void {
    this.sizes = [];
    this.requests = 0;
    this.eventCalls = 0;
    this.versionCalls = 0;
  }

  /**
   * Resolves when a warm load has revalidated: the versions call answered (nothing changed in the bench's
   * data, so no product is fetched after it), or, against a server without it, `n` events calls.
   */
  async waitRevalidated(n: number, timeoutMs = 600_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (this.versionCalls === 0 && this.eventCalls < n) {
      if (Date.now() > end)
        throw new Error(`${this.eventCalls}/${n} appels d'événements terminés, aucun appel des versions`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Resolves when `n` events calls have answered since the phase started. */
  async waitEventCalls(n: number, timeoutMs = 600_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (this.eventCalls < n) {
      if (Date.now() > end) throw new Error(`${this.eventCalls}/${n} appels d'événements terminés`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async total(): Promise<{ bytes: number; requests: number }> {
    const all = await Promise.all(this.sizes);
    return { bytes: all.reduce((a, b) => a + b, 0), requests: this.requests };
  }
}
