// Starts calls a few per task: the rest wait for the next task, so that a long list of calls never makes
// one long task of the main thread (each `fetch` from a page its service worker controls costs a few
// milliseconds there on a slow machine: docs/performance.md, "Fewer chunks behind the frame, the first
// visit's replay in short tasks").

import { nextTask } from '../ui/nextTask';

/** Calls `start` for each item, `perTask` of them per task, and settles once every call has settled. */
export async function inTasks<T, R>(
  items: readonly T[],
  perTask: number,
  start: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const started: Promise<R>[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % perTask === 0) await nextTask();
    const call = start(items[i]);
    // Handled now: a call that fails while later ones wait for their task is not an unhandled rejection.
    call.catch(() => undefined);
    started.push(call);
  }
  return Promise.allSettled(started);
}
