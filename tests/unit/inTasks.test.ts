import { describe, expect, it } from 'vitest';

import { inTasks } from '../../src/pwa/inTasks';

describe('inTasks', () => {
  it('starts the calls a few per task, in order, and settles with every result', async () => {
    const tasks: number[][] = [[]];
    // A macrotask queued before the first call marks where the first task ends; each one run after
    // re-queues itself, so every later call lands in the list of the task it was started in.
    const mark = () =>
      setTimeout(() => {
        tasks.push([]);
        if (tasks.length < 20) mark();
      }, 0);
    mark();
    const results = await inTasks([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4, async (n) => {
      tasks[tasks.length - 1].push(n);
      if (n === 7) throw new Error('refusé');
      return n * 10;
    });
    const started = tasks.filter((t) => t.length > 0);
    expect(started).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10],
    ]);
    const settled = results.map((r) => (r.status === 'fulfilled' ? r.value : 'rejeté'));
    expect(settled).toEqual([10, 20, 30, 40, 50, 60, 'rejeté', 80, 90, 100]);
  });

  it('starts everything in the first task when the list is short', async () => {
    let sameTask = true;
    setTimeout(() => (sameTask = false), 0);
    const seen: boolean[] = [];
    await inTasks(['a', 'b', 'c'], 4, async () => void seen.push(sameTask));
    expect(seen).toEqual([true, true, true]);
  });
});
