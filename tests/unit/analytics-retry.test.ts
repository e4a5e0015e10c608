// "Réessayer": a product whose events call failed is reported (failedProducts) and counted as empty; a
// view asked with retry fetches those products again, and only those while the others are fresh.
import 'fake-indexeddb/auto';

import { describe, expect, it } from 'vitest';

import { rankingRow } from '#domain/analytics/ranking';
import type { ViewRequest } from '#domain/analytics/view';

import { deleteCache } from '../../workers/analytics/cache';
import { AnalyticsEngine } from '../../workers/analytics/engine';
import { urlOf } from '../helpers/requestUrl';
import { viewRequest } from '../helpers/viewRequest';

/** Our server's columns answer: n consultations on 2025-03-10 (noon UTC), one session each. */
const columns = (n: number) => ({
  time: Array.from({ length: n }, () => Date.UTC(2025, 2, 10, 12)),
  session: Array.from({ length: n }, (_, i) => i),
  flags: Array.from({ length: n }, () => 1),
  country: Array.from({ length: n }, () => 0),
  countries: ['FR'],
});

describe('retrying failed products', () => {
  it('reports the failing product, then fetches only it again on retry', async () => {
    await deleteCache();
    let broken = true;
    const asked: number[] = [];
    const fetchImpl = (async (input: string | URL | Request) => {
      const id = Number(/Product\/(\d+)/.exec(urlOf(input))![1]);
      asked.push(id);
      if (id === 2 && broken) return new Response('{}', { status: 500 });
      return new Response(JSON.stringify(columns(id * 10)), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: `"v${id}"` },
      });
    }) as typeof fetch;
    const clock = () => Date.UTC(2026, 10, 21, 12);
    const engine = new AnalyticsEngine(fetchImpl, clock);
    engine.configure('', 'token');
    const request = (generation: number, over: Partial<ViewRequest> = {}) =>
      viewRequest({ generation, productIds: [1, 2, 3], year: 2025, ...over });

    const first = await engine.view(request(1));
    expect(first.failedProducts).toEqual([2]);
    expect(first.stats.consultations).toBe(10 + 30);
    expect(Array.from(first.ranking.productIds, (id, i) => [id, rankingRow(first.ranking, i).consultations])).toEqual([
      [1, 10],
      [2, 0],
      [3, 30],
    ]);

    broken = false;
    asked.length = 0;
    const again = await engine.view(request(2, { retry: [2] }));
    expect(asked).toEqual([2]);
    expect(again.failedProducts).toEqual([]);
    expect(again.stats.consultations).toBe(10 + 20 + 30);

    // Without retry, a fresh product is not asked again within 30 s.
    asked.length = 0;
    await engine.view(request(3, { metric: 'conversion' }));
    expect(asked).toEqual([]);
  });
});
