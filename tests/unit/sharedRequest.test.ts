// shared(): concurrent callers of one list get one request; it is aborted only when all gave up.
import { describe, expect, it } from 'vitest';

import { shared } from '../../src/api/shared';

function loader() {
  const calls: AbortSignal[] = [];
  let resolve!: (v: string) => void;
  const load = (signal: AbortSignal) => {
    calls.push(signal);
    return new Promise<string>((r) => (resolve = r));
  };
  return { calls, load, answer: (v: string) => resolve(v) };
}

describe('shared', () => {
  it('two concurrent callers share one request and both get its answer', async () => {
    const l = loader();
    const a = shared('k1', l.load);
    const b = shared('k1', l.load);
    l.answer('list');
    expect(await Promise.all([a, b])).toEqual(['list', 'list']);
    expect(l.calls).toHaveLength(1);
  });

  it('a caller that aborts leaves the request to the other; when all abort, the request is aborted', async () => {
    const l = loader();
    const first = new AbortController();
    const second = new AbortController();
    const a = shared('k2', l.load, first.signal);
    const b = shared('k2', l.load, second.signal);
    first.abort();
    await expect(a).rejects.toMatchObject({ name: 'AbortError' });
    expect(l.calls[0].aborted).toBe(false);
    second.abort();
    await expect(b).rejects.toMatchObject({ name: 'AbortError' });
    expect(l.calls[0].aborted).toBe(true);
  });

  it('a call after the answer asks again (nothing is cached)', async () => {
    const l = loader();
    const a = shared('k3', l.load);
    l.answer('old');
    await a;
    const b = shared('k3', l.load);
    l.answer('new');
    expect(await b).toBe('new');
    expect(l.calls).toHaveLength(2);
  });
});
