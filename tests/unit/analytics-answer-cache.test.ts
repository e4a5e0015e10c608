// The server's cache of built event answers (bounded in bytes, least recently used evicted first) and
// how they are encoded.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { AnswerCache } from '../../server/analytics/answerCache';
import { encode, preferredEncoding } from '../../server/http/encoding';

describe('AnswerCache', () => {
  it('keeps answers by tag within its byte bound, evicting the least recently used', () => {
    const cache = new AnswerCache(10);
    cache.set('"a"', Buffer.from('aaaa'));
    cache.set('"b"', Buffer.from('bbbb'));
    expect(cache.get('"a"')?.toString()).toBe('aaaa'); // now the most recent
    cache.set('"c"', Buffer.from('cccc')); // 12 bytes: "b" goes
    expect(cache.get('"b"')).toBeUndefined();
    expect(cache.get('"a"')?.toString()).toBe('aaaa');
    expect(cache.get('"c"')?.toString()).toBe('cccc');
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
  });

  it('replaces an answer under the same tag and refuses one larger than the bound', () => {
    const cache = new AnswerCache(10);
    cache.set('"a"', Buffer.from('aa'));
    cache.set('"a"', Buffer.from('aaaaa'));
    expect(cache.size).toEqual({ entries: 1, bytes: 5 });
    cache.set('"big"', Buffer.from('x'.repeat(11)));
    expect(cache.get('"big"')).toBeUndefined();
    expect(cache.get('"a"')?.toString()).toBe('aaaaa');
  });
});

describe('answer encoding', () => {
  it('picks gzip, then brotli, among what the client accepts, honouring q-values', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('gzip');
    expect(preferredEncoding('br')).toBe('br');
    expect(preferredEncoding('gzip;q=0.5, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });

  it('compresses a body so that the matching decoder gives it back', async () => {
    const body = Buffer.from(JSON.stringify({ time: Array.from({ length: 3000 }, (_, i) => 1.7e12 + i * 60_000) }));
    const br = await encode(body, 'br');
    const gz = await encode(body, 'gzip');
    expect(br.length).toBeLessThan(body.length / 3);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gz).equals(body)).toBe(true);
    expect(await encode(body, 'identity')).toBe(body);
  });
});
