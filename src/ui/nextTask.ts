// One way to end the current task: the charts' turns (`chartTurns.ts`, `UPlotChart.tsx`) and the first
// visit's replay (`src/pwa/inTasks.ts`) each split their work with it, so that no part makes a long task
// of the main thread (docs/performance.md).

/** Resolves in a later task: the work after it is not part of the current one. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
