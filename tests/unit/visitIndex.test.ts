// The visit index (workers/analytics/visitIndex.ts): the join once per data version, redone for a record
// replaced, and what the switch reads from it (medians along its orders, the filters' session stamps).
// The figures themselves are checked against SQL in tests/api/insights-sql.test.ts.
import { describe, expect, it } from 'vitest';

import { NO_FILTERS } from '../../domain/analytics/insightsView';
import type { VisitColumns } from '../../domain/analytics/visitColumns';
import { Zone } from '../../domain/analytics/zone';
import { AR_TRY, CONSULTATION, CONVERSION, type StoredColumns } from '../../workers/analytics/columns';
import { filteredRecord, visitMatches } from '../../workers/analytics/filtered';
import { computeInsights, median } from '../../workers/analytics/insights';
import { NO_COUNTRY, SEVERAL, VisitIndex } from '../../workers/analytics/visitIndex';

const T0 = Date.UTC(2026, 2, 10, 12);

/** Visits of products 10 and 20; session 7 visits both (one visitor, two products). */
function visitsOf(rows: Array<{ product: number; session: number; device: number; active: number; first: number }>) {
  const v: VisitColumns<number[]> = {
    product: [],
    session: [],
    start: [],
    device: [],
    system: [],
    source: [],
    sources: [{ host: 'www.exemple.fr', utmSource: null, utmMedium: null, utmCampaign: null }],
    visibleMs: [],
    activeMs: [],
    firstInteractionMs: [],
    arPlatform: [],
    arLaunches: [],
    arPlaced: [],
    arFailed: [],
    arReturned: [],
    attentionStart: [0],
    attentionBucket: [],
    attentionMs: [],
  };
  rows.forEach((r, i) => {
    v.product.push(r.product);
    v.session.push(r.session);
    v.start.push(T0 + i * 60_000);
    v.device.push(r.device);
    v.system.push(0);
    v.source.push(i % 2 ? 0 : -1);
    v.visibleMs.push(r.active * 2);
    v.activeMs.push(r.active);
    v.firstInteractionMs.push(r.first);
    for (const k of ['arPlatform', 'arLaunches', 'arPlaced', 'arFailed', 'arReturned'] as const) v[k].push(0);
    v.attentionStart.push(0);
  });
  return v;
}

function record(productId: number, events: Array<[session: number, flags: number, country: number]>): StoredColumns {
  const n = events.length;
  return {
    productId,
    count: n,
    time: Float64Array.from(events, (_, e) => T0 + e * 1000),
    session: Uint32Array.from(events, ([s]) => s),
    sessionLimit: Math.max(0, ...events.map(([s]) => s + 1)),
    flags: Uint8Array.from(events, ([, f]) => f),
    country: Uint16Array.from(events, ([, , c]) => c),
    countries: ['France', 'Belgique'],
    first: T0,
    last: T0 + n * 1000,
  };
}

const ROWS = [
  { product: 10, session: 7, device: 2, active: 4000, first: 500 },
  { product: 10, session: 8, device: 1, active: 1000, first: -1 },
  { product: 10, session: 9, device: 2, active: 9000, first: 2000 },
  { product: 20, session: 7, device: 2, active: 3000, first: 800 },
  { product: 20, session: 11, device: 3, active: 0, first: -1 },
];

describe('visit index', () => {
  it('joins each visit to its own product’s events: OR of flags, countries, none without events', () => {
    const ix = new VisitIndex(visitsOf(ROWS));
    const r10 = record(10, [
      [7, CONSULTATION, 0],
      [7, AR_TRY, 1],
      [8, CONSULTATION, 0],
    ]);
    const r20 = record(20, [[7, CONVERSION, 1]]);
    ix.join(
      new Map([
        [10, r10],
        [20, r20],
      ]),
      [10, 20],
    );
    expect([...ix.flags]).toEqual([CONSULTATION | AR_TRY, CONSULTATION, 0, CONVERSION, 0]);
    expect(ix.country[0]).toBe(SEVERAL);
    expect([...ix.several.get(0)!].map((c) => ix.countryNames[c]).sort()).toEqual(['Belgique', 'France']);
    expect(ix.countryNames[ix.country[1]]).toBe('France');
    expect(ix.country[2]).toBe(NO_COUNTRY);
    expect(ix.countryNames[ix.country[3]]).toBe('Belgique');
  });

  it('joins again only a product whose record was replaced, and forgets one no longer held', () => {
    const ix = new VisitIndex(visitsOf(ROWS));
    const r10 = record(10, [[9, CONSULTATION, 0]]);
    const r20 = record(20, [[11, CONSULTATION, 0]]);
    ix.join(
      new Map([
        [10, r10],
        [20, r20],
      ]),
      [10, 20],
    );
    expect(ix.flags[2]).toBe(CONSULTATION);
    // A fresh answer for product 10 (a new object) with a quote: joined again; product 20 left as it is.
    const fresh = record(10, [
      [9, CONSULTATION, 0],
      [9, CONVERSION, 1],
    ]);
    ix.join(
      new Map([
        [10, fresh],
        [20, r20],
      ]),
      [10, 20],
    );
    expect(ix.flags[2]).toBe(CONSULTATION | CONVERSION);
    expect(ix.country[2]).toBe(SEVERAL);
    expect(ix.flags[4]).toBe(CONSULTATION);
    // The same object again is not joined again: a change made in place is not seen (answers are new objects).
    fresh.flags[0] = AR_TRY;
    ix.join(new Map([[10, fresh]]), [10]);
    expect(ix.flags[2]).toBe(CONSULTATION | CONVERSION);
    // Product 20's record no longer held: its visits have no events.
    ix.join(new Map([[10, fresh]]), [20]);
    expect(ix.flags[4]).toBe(0);
    expect(ix.country[4]).toBe(NO_COUNTRY);
  });

  it('gives the medians of the kept visits, walked along its orders or sorted when few', () => {
    // 39 more visits of a product 30, so that a product of 2 visits is "few" (at most 1/16 of them).
    const filler = Array.from({ length: 39 }, (_, k) => ({
      product: 30,
      session: 100 + k,
      device: 1,
      active: 100 + k,
      first: -1,
    }));
    const visits = visitsOf([...ROWS, ...filler]);
    const zone = new Zone('Europe/Paris');
    const records = new Map([
      [10, record(10, [[7, CONSULTATION, 0]])],
      [20, record(20, [[7, CONSULTATION, 0]])],
    ]);
    const all = {
      scope: 'all' as const,
      productIds: [10, 20],
      period: 'all_time' as const,
      year: 2026,
      month: 3,
      week: 11,
    };
    const phones = computeInsights(visits, records, all, zone, { ...NO_FILTERS, device: 'telephone' });
    // Phones: visits 0, 2, 3 (active 4000, 9000, 3000; first 500, 2000, 800).
    expect(phones.visits).toBe(3);
    expect(phones.engagement.medianActiveMs).toBe(4000);
    expect(phones.engagement.medianVisibleMs).toBe(8000);
    expect(phones.engagement.medianFirstInteractionMs).toBe(800);
    const every = computeInsights(visits, records, all, zone, NO_FILTERS);
    expect(every.engagement.medianActiveMs).toBe(median(ROWS.map((r) => r.active)));
    expect(every.visits).toBe(ROWS.length);
    expect(every.engagement.medianFirstInteractionMs).toBe(800);
    // 44 visits, an even count: the mean of the 22nd and 23rd values (0, 100…138, 1000, 3000, 4000, 9000).
    const company = computeInsights(visits, records, { ...all, productIds: [10, 20, 30] }, zone, NO_FILTERS);
    expect(company.visits).toBe(44);
    expect(company.engagement.medianActiveMs).toBe(120.5);
    // Product 20's two visits (active 3000 and 0): sorted as a list, not walked.
    const few = computeInsights(visits, records, { ...all, scope: 20 }, zone, NO_FILTERS);
    expect(few.visits).toBe(2);
    expect(few.engagement.medianActiveMs).toBe(1500);
    expect(few.engagement.medianFirstInteractionMs).toBe(800);
    const tablet = computeInsights(visits, records, { ...all, scope: 20 }, zone, { ...NO_FILTERS, device: 'tablette' });
    expect(tablet.visits).toBe(1);
    expect(tablet.engagement.medianFirstInteractionMs).toBeNull();
  });

  it('narrows a record to the sessions of its product’s matching visits', () => {
    const visits = visitsOf(ROWS);
    const ix = new VisitIndex(visits);
    const r10 = record(10, [
      [7, CONSULTATION, 0],
      [8, CONSULTATION, 1],
      [9, CONVERSION, 1],
      [12, CONSULTATION, 0],
    ]);
    const phones = visitMatches(ix, { ...NO_FILTERS, device: 'telephone' });
    expect([...filteredRecord(r10, 10, ix, phones, null).session]).toEqual([7, 9]);
    expect([...filteredRecord(r10, 10, ix, phones, 'Belgique').session]).toEqual([9]);
    expect([...filteredRecord(r10, 10, ix, null, 'Belgique').session]).toEqual([8, 9]);
    // Session 7 matches on product 10 only through product 10's own visit; product 30 has none.
    const tablets = visitMatches(ix, { ...NO_FILTERS, device: 'tablette' });
    expect(filteredRecord(r10, 10, ix, tablets, null).count).toBe(0);
    expect(filteredRecord(record(30, [[7, CONSULTATION, 0]]), 30, ix, phones, null).count).toBe(0);
    expect(visitMatches(ix, { ...NO_FILTERS, country: 'France' })).toBeNull();
  });
});
