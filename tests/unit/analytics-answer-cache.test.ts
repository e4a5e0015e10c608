// The server's cache of built event answers: bounded in bytes, least recently used evicted first.
import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../server/routes/analytics/answerCache';

describe('AnswerCache', () => {
  it('keeps answers by tag within its byte bound, evicting the least recently used', () => {
    const cache = new AnswerCache(10);
    cache.set('"a"', 'aaaa');
    cache.set('"b"', 'bbbb');
    expect(cache.get('"a"')).toBe('aaaa'); // now the most recent
    cache.set('"c"', 'cccc'); // 12 bytes: "b" goes
    expect(cache.get('"b"')).toBeUndefined();
    expect(cache.get('"a"')).toBe('aaaa');
    expect(cache.get('"c"')).toBe('cccc');
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
  });

  it('replaces an answer under the same tag and refuses one larger than the bound', () => {
    const cache = new AnswerCache(10);
    cache.set('"a"', 'aa');
    cache.set('"a"', 'aaaaa');
    expect(cache.size).toEqual({ entries: 1, bytes: 5 });
    cache.set('"big"', 'x'.repeat(11));
    expect(cache.get('"big"')).toBeUndefined();
    expect(cache.get('"a"')).toBe('aaaaa');
  });
});
