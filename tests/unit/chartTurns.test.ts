import { describe, expect, it } from 'vitest';

import { askTurn } from '../../src/ui/chartTurns';
import { nextTask } from '../../src/ui/nextTask';

describe('askTurn', () => {
  it('begins one turn at a time, in order, each in a task of its own, the next once the last has ended', async () => {
    const log: string[] = [];
    let task = 0;
    let ticking = true;
    const tick = () => setTimeout(() => (task++, ticking && tick()), 0);
    tick();
    const ends: Record<string, () => void> = {};
    for (const name of ['a', 'b', 'c']) ends[name] = askTurn(() => log.push(`${name}@${task}`));
    expect(log).toEqual([]); // never in the asking task
    for (let i = 0; i < 5; i++) await nextTask();
    expect(log).toHaveLength(1); // b waits for a's end, however long a takes
    ends.a();
    ends.a(); // ending twice changes nothing
    for (let i = 0; i < 5; i++) await nextTask();
    expect(log).toHaveLength(2);
    ends.b();
    for (let i = 0; i < 5; i++) await nextTask();
    ticking = false;
    expect(log.map((l) => l[0])).toEqual(['a', 'b', 'c']);
    const tasks = log.map((l) => Number(l.split('@')[1]));
    expect(new Set(tasks).size).toBe(3);
    ends.c();
  });

  it('skips a turn withdrawn before it began, and goes on after a turn ended before its task came', async () => {
    const log: string[] = [];
    const endA = askTurn(() => log.push('a'));
    const endB = askTurn(() => log.push('b'));
    askTurn(() => log.push('c'));
    endB(); // withdrawn while waiting
    endA(); // ended before its task ran: it never begins
    for (let i = 0; i < 5; i++) await nextTask();
    expect(log).toEqual(['c']);
  });
});
