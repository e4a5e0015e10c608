// A Chromium driven over its DevTools pipe with nothing but Runtime.evaluate and Page.navigate: no domain
// enabled, so no event per request reaches a client (Playwright enables Network on the page and on every
// worker, which a 10 000-request load pays for: bench/notes.md, twenty-second pass).
import type { Readable, Writable } from 'node:stream';

import { CHROMIUM_FLAGS } from '../tests/helpers/browser';
import { spawnChromium, type SpawnedChromium, stopChromium } from './processes';

export class PipeBrowser {
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  private session = '';

  private constructor(private chromium: SpawnedChromium) {
    const input = chromium.child.stdio[4] as Readable;
    let buffer = '';
    input.setEncoding('utf8');
    input.on('data', (d: string) => {
      buffer += d;
      let end;
      while ((end = buffer.indexOf('\0')) >= 0) {
        const msg = JSON.parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 1);
        const waiting = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
        if (!waiting) continue;
        this.pending.delete(msg.id);
        if (msg.error) waiting.reject(new Error(`${msg.error.message} ${msg.error.data ?? ''}`));
        else waiting.resolve(msg.result);
      }
    });
    // A Chromium that dies (crash, out of memory) answers nothing more: every call waiting fails.
    chromium.child.once('exit', (code, signal) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`Chromium stopped (${signal ?? code})`));
      this.pending.clear();
    });
  }

  /** A headless Chromium with an empty profile, attached to its first page. */
  static async launch(): Promise<PipeBrowser> {
    const browser = new PipeBrowser(
      spawnChromium(
        [...CHROMIUM_FLAGS, '--headless', '--remote-debugging-pipe', '--window-size=1400,900'],
        ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
      ),
    );
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    browser.session = sessionId;
    return browser;
  }

  send(method: string, params: object = {}, sessionId?: string): Promise<any> {
    const { child } = this.chromium;
    if (child.exitCode !== null || child.signalCode !== null)
      return Promise.reject(new Error(`Chromium stopped: ${method} unanswered`));
    const id = this.nextId++;
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      (child.stdio[3] as Writable).write(`${message}\0`);
    });
  }

  /** The value of `expression` in the page, promises awaited. */
  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.send(
      'Runtime.evaluate',
      { expression: `globalThis.__name = (f) => f; ${expression}`, awaitPromise: true, returnByValue: true },
      this.session,
    );
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return r.result.value as T;
  }

  /** Navigates, then waits until `condition` (an expression) holds in the new document. */
  async goto(url: string, condition: string, timeoutMs = 60_000): Promise<void> {
    await this.send('Page.navigate', { url }, this.session);
    const end = Date.now() + timeoutMs;
    for (;;) {
      // Evaluated in the document being left too: the URL must be the new one.
      const ok = await this.evaluate<boolean>(
        `location.href.startsWith(${JSON.stringify(url.split('?')[0])}) && document.readyState === 'complete' && !!(${condition})`,
      ).catch(() => false);
      if (ok) return;
      if (Date.now() > end) throw new Error(`${url}: waited in vain for ${condition}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): Promise<void> {
    return stopChromium(this.chromium);
  }
}
