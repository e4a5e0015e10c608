// A task for work nobody waits for (the preparation of the next selections, engine.ts prepare): at
// background priority where the browser has the Prioritized Task Scheduling API (Chromium, in workers too),
// so a selection asked and IndexedDB's replies run before it, and without setTimeout's 4 ms clamp once
// nested (a slice of 6 ms then a pause of 4 left the worker idle 40 % of the time). setTimeout elsewhere.
interface BackgroundScheduler {
  postTask(task: () => void, options: { priority: 'background' }): Promise<unknown>;
}

export function backgroundTask(task: () => void): void {
  const scheduler = (globalThis as { scheduler?: BackgroundScheduler }).scheduler;
  if (scheduler?.postTask) void scheduler.postTask(task, { priority: 'background' }).catch(() => undefined);
  else setTimeout(task, 0);
}
