import { describe, expect, it } from 'vitest';

import { KeptAnswers } from '../../server/analytics/keptAnswers';

describe('KeptAnswers', () => {
  it('computes a key once for concurrent callers, then serves it kept', async () => {
    const kept = new KeptAnswers<number>(10);
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    expect(await Promise.all(Array.from({ length: 5 }, () => kept.getOrCompute('p1-v1', compute)))).toEqual([
      42, 42, 42, 42, 42,
    ]);
    expect(await kept.getOrCompute('p1-v1', compute)).toBe(42);
    expect(runs).toBe(1);
  });

  it('does not keep a failed computation', async () => {
    const kept = new KeptAnswers<number>(10);
    await expect(kept.getOrCompute('k', () => Promise.reject(new Error('base')))).rejects.toThrow('base');
    expect(await kept.getOrCompute('k', async () => 7)).toBe(7);
  });

  it('shares a tracked computation and keeps its result', async () => {
    const kept = new KeptAnswers<number>(10);
    kept.track('k', Promise.resolve(3));
    expect(await kept.computing('k')).toBe(3);
    await Promise.resolve();
    expect(kept.get('k')).toBe(3);
  });

  it('keeps at most maxEntries, forgetting the least recently used', async () => {
    const kept = new KeptAnswers<number>(3);
    for (const k of ['a', 'b', 'c']) kept.set(k, 1);
    kept.get('a');
    kept.set('d', 1);
    expect(kept.size).toBe(3);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBe(1);
  });
});
