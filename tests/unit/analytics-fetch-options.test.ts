// The worker's events call: our binary columns first, its own ETag, and Chromium's HTTP cache skipped (the
// records in IndexedDB are the cache; a lookup and an entry per call cost the browser's network service
// a third of its time per call for nothing: bench/notes.md, twenty-second pass).
import { describe, expect, it } from 'vitest';

import { COLUMNS_MEDIA_TYPE } from '#domain/analytics/binaryColumns';

import { fetchProductEvents } from '../../workers/analytics/fetch';

describe('the events call', () => {
  it('is conditional on the known ETag and bypasses the HTTP cache', async () => {
    const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: 304 });
    }) as typeof fetch;

    const result = await fetchProductEvents({ apiBase: '/x', token: 't' }, 7, '"v7"', fetchImpl);

    expect(result).toEqual({ kind: 'unchanged' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/x/api/ProductStatistics/Product/7?format=columns');
    expect(calls[0].init?.cache).toBe('no-store');
    expect(calls[0].init?.headers).toMatchObject({
      Accept: `${COLUMNS_MEDIA_TYPE}, application/json;q=0.9`,
      Authorization: 'Bearer t',
      'If-None-Match': '"v7"',
    });
  });
});
