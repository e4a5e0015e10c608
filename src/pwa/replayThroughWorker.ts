// The first load happens before the service worker controls the page: its code and, after a sign-in right
// away, the frame's API answers go straight to the network, and nothing is kept for an offline start. Once
// the worker takes control, what the page already fetched is asked again through it: the app's code
// (src/pwa/codeCache.ts; the browser's HTTP cache answers, these files are immutable), and the readable
// answers (src/pwa/offlineApi.ts) with the current token, so they are cached from the first page on.
import { getToken } from '../api/http';
import { nextTask } from '../ui/nextTask';
import { isAppCode } from './codeCache';
import { inTasks } from './inTasks';
import { isOfflineReadable } from './offlineApi';

// ~30 files behind a first dashboard: started in one go they made one task of 125–145 ms on a slow host.
const REPLAYS_PER_TASK = 4;

/**
 * Each answer is read to its end: an answer left unread keeps its request open in the browser's eyes, so
 * whatever waits for a quiet network (Lighthouse, a test's network-idle) waited its whole limit, 8 to 45 s.
 * The worker caches its own copy either way; reading costs nothing more than the bytes already on the way.
 */
const drained = (response: Promise<Response>) => response.then((r) => r.arrayBuffer()).then(() => undefined);

export async function replayThroughWorker(): Promise<void> {
  const token = getToken();
  const code = new Set<string>();
  const answers = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin !== location.origin) continue;
    if (isAppCode(url.pathname)) code.add(url.href);
    else if (token && isOfflineReadable(url.pathname)) answers.add(url.href);
  }
  const replays = [
    ...[...code].map((url) => () => drained(fetch(url))),
    ...[...answers].map(
      (url) => () =>
        drained(
          fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, cache: 'no-store' }),
        ),
    ),
  ];
  // The look through the page's entries took 15–26 ms there: the first requests start in the next task.
  await nextTask();
  await inTasks(replays, REPLAYS_PER_TASK, (replay) => replay());
}
