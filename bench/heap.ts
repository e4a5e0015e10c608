// Peak JS heap of the page and of its worker, sampled every 50 ms over CDP while a phase runs. The page
// is read with Performance.getMetrics; the dedicated worker (not a page, so Playwright gives it no CDP
// session) through a browser-level session attached to its target (non-flattened, messages relayed).
import type { Browser, CDPSession, Page } from 'playwright-core';

export class HeapSampler {
  private timer: NodeJS.Timeout | null = null;
  private pagePeak = 0;
  private workerPeak = 0;
  private workerSession: string | null = null;
  private nextId = 1;
  private pending = new Map<number, (v: any) => void>();

  private constructor(
    private page: CDPSession,
    private browser: CDPSession,
  ) {
    browser.on('Target.receivedMessageFromTarget', (e: any) => {
      const msg = JSON.parse(e.message);
      const done = this.pending.get(msg.id);
      if (done) {
        this.pending.delete(msg.id);
        done(msg.result);
      }
    });
  }

  static async open(browser: Browser, page: Page): Promise<HeapSampler> {
    const pageSession = await page.context().newCDPSession(page);
    await pageSession.send('Performance.enable');
    return new HeapSampler(pageSession, await browser.newBrowserCDPSession());
  }

  private async attachWorker(): Promise<void> {
    if (this.workerSession) return;
    const { targetInfos } = await this.browser.send('Target.getTargets');
    const worker = targetInfos.find((t: any) => t.type === 'worker' && t.url.includes('analytics'));
    if (!worker) return;
    const { sessionId } = await this.browser.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    });
    this.workerSession = sessionId;
  }

  private workerCall(method: string): Promise<any> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.browser
        .send('Target.sendMessageToTarget', { sessionId: this.workerSession!, message: JSON.stringify({ id, method }) })
        .catch(() => resolve(null));
      setTimeout(() => this.pending.delete(id) && resolve(null), 2000);
    });
  }

  private async sample(): Promise<void> {
    const { metrics } = await this.page.send('Performance.getMetrics');
    const used = metrics.find((m: any) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    this.pagePeak = Math.max(this.pagePeak, used);
    await this.attachWorker().catch(() => undefined);
    if (this.workerSession) {
      const r = await this.workerCall('Runtime.getHeapUsage');
      if (r?.usedSize) this.workerPeak = Math.max(this.workerPeak, r.usedSize);
    }
  }

  /** Starts a phase: peaks reset, sampling every 50 ms. */
  start(): void {
    this.stop();
    this.pagePeak = 0;
    this.workerPeak = 0;
    let busy = false;
    this.timer = setInterval(() => {
      if (busy) return;
      busy = true;
      void this.sample()
        .catch(() => undefined)
        .finally(() => (busy = false));
    }, 50);
  }

  /** Ends the phase; returns the peaks in bytes (worker 0 when there was none). */
  async end(): Promise<{ page: number; worker: number }> {
    this.stop();
    await this.sample().catch(() => undefined);
    return { page: this.pagePeak, worker: this.workerPeak };
  }

  /** The page was reloaded: its worker is a new target. */
  forgetWorker(): void {
    this.workerSession = null;
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async close(): Promise<void> {
    this.stop();
    await this.page.detach().catch(() => undefined);
    await this.browser.detach().catch(() => undefined);
  }
}
