// The first Intl formatter of a page loads the browser's locale data (ICU): 25 to 130 ms of the main thread
// in Chromium, in the middle of a signed-in page's first render. That data belongs to the renderer
// process, not to a thread: formatters made first in a worker leave the main thread's first ones under a
// millisecond (measured: docs/performance.md). Elsewhere the worker costs nothing to the page, and the
// formatters are made on first use as before. The worker's code is inlined in this chunk (Vite's
// `?worker&inline`, a blob URL: the CSP's worker-src allows it): a request of its own would compete with
// the page's chunks for the first connections.
import LocaleWorker from '../../workers/locale.worker.ts?worker&inline';

/** Starts the worker that loads the French locale data; it is ended once it has. */
export function loadLocaleDataOffThread(): void {
  if (typeof Worker !== 'function') return;
  try {
    const worker = new LocaleWorker();
    worker.onmessage = worker.onerror = () => worker.terminate();
  } catch {
    // No worker (a browser setting): the first formatter loads the data on the main thread.
  }
}
