// Raw events -> columns: the shape the engine stores and scans (docs/architecture.md). Strings (sessions,
// countries) live once in per-product dictionaries; events hold indexes into them.
import type { ColumnArrays } from '#domain/analytics/binaryColumns';
import { countryLabel } from '#domain/analytics/countries';
import { eventArTry, eventCountry, eventSession, eventTime, isTrue } from '#domain/analytics/fields';

export const CONSULTATION = 1;
export const IFRAME = 2;
export const AR_TRY = 4;
export const CONVERSION = 8;

export interface ProductColumns {
  productId: number;
  count: number;
  /** ms since the epoch, NaN when the event had no timestamp. */
  time: Float64Array;
  session: Uint32Array;
  /**
   * Session labels that `session` indexes (an answer's dictionary may hold two equal labels: they get one
   * number when stored); null when `session` holds the company-wide numbers of our server already.
   */
  sessions: string[] | null;
  /** CONSULTATION | IFRAME | AR_TRY | CONVERSION bits. */
  flags: Uint8Array;
  country: Uint16Array;
  /** French country names (already normalised). */
  countries: string[];
}

/**
 * A product's columns as the engine keeps and stores them: sessions as numbers shared by every product of
 * the company (our server's, or for a list answer the engine's SessionDictionary, stored once), so a
 * record holds typed arrays and a few country names only; reading it back clones no session string.
 */
export interface StoredColumns {
  productId: number;
  count: number;
  time: Float64Array;
  /** The server's company-wide session numbers, or the SessionDictionary's for a list answer. */
  session: Uint32Array;
  /** One more than the highest session number used (0 without events). */
  sessionLimit: number;
  flags: Uint8Array;
  country: Uint16Array;
  countries: string[];
  /** Earliest and latest timed event (ms), ±Infinity without any: all_time's years without a pass. */
  first: number;
  last: number;
}

/** A product's stored columns with the ETag of the answer and when it was fetched. */
export interface CachedProduct extends StoredColumns {
  etag: string | null;
  fetchedAt: number;
}

export const emptyStored = (productId: number): StoredColumns => ({
  productId,
  count: 0,
  time: new Float64Array(0),
  session: new Uint32Array(0),
  sessionLimit: 0,
  flags: new Uint8Array(0),
  country: new Uint16Array(0),
  countries: [],
  first: Infinity,
  last: -Infinity,
});

export function toColumns(productId: number, events: Array<Record<string, unknown>>): ProductColumns {
  const n = events.length;
  const time = new Float64Array(n);
  const session = new Uint32Array(n);
  const flags = new Uint8Array(n);
  const country = new Uint16Array(n);
  const sessionIndex = new Map<string, number>();
  const countryIndex = new Map<string, number>();
  const sessions: string[] = [];
  const countries: string[] = [];
  for (let i = 0; i < n; i++) {
    const e = events[i];
    time[i] = eventTime(e);
    const s = eventSession(e);
    let si = sessionIndex.get(s);
    if (si === undefined) sessionIndex.set(s, (si = sessions.push(s) - 1));
    session[i] = si;
    const c = countryLabel(eventCountry(e));
    let ci = countryIndex.get(c);
    if (ci === undefined) countryIndex.set(c, (ci = countries.push(c) - 1));
    country[i] = ci;
    flags[i] =
      (isTrue(e.consultation) ? CONSULTATION : 0) |
      (isTrue(e.iframeInteraction) ? IFRAME : 0) |
      (eventArTry(e) ? AR_TRY : 0) |
      (isTrue(e.conversion) ? CONVERSION : 0);
  }
  return { productId, count: n, time, session, sessions, flags, country, countries };
}

/**
 * The server's `?format=columns` answer (server/analytics/routes/events.ts columnsBody): sessions as
 * company-wide numbers, countries as indexes into a dictionary.
 */
export interface CompactEvents {
  time: number[];
  session: number[];
  flags: number[];
  country: number[];
  countries: Array<string | null>;
}

export function isCompact(body: unknown): body is CompactEvents {
  const b = body as Partial<CompactEvents> | null;
  return (
    !!b &&
    Array.isArray(b.time) &&
    Array.isArray(b.session) &&
    Array.isArray(b.flags) &&
    Array.isArray(b.country) &&
    Array.isArray(b.countries)
  );
}

/** Maps a dictionary through the same readers as the list (so both paths agree), merging equal results. */
function relabel(
  raw: Array<string | null>,
  label: (v: string | null) => string,
): { labels: string[]; remap: Uint32Array } {
  const index = new Map<string, number>();
  const labels: string[] = [];
  const remap = new Uint32Array(raw.length);
  raw.forEach((v, i) => {
    const l = label(v);
    let at = index.get(l);
    if (at === undefined) index.set(l, (at = labels.push(l) - 1));
    remap[i] = at;
  });
  return { labels, remap };
}

export function fromCompact(productId: number, c: CompactEvents): ProductColumns {
  const n = c.time.length;
  const k = relabel(c.countries, (v) => countryLabel(eventCountry({ country: v })));
  const time = new Float64Array(n);
  const session = new Uint32Array(c.session);
  const flags = new Uint8Array(n);
  const country = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    const t = c.time[i];
    time[i] = typeof t === 'number' ? t : NaN;
    flags[i] = c.flags[i] & (CONSULTATION | IFRAME | AR_TRY | CONVERSION);
    country[i] = k.remap[c.country[i]];
  }
  return { productId, count: n, time, session, sessions: null, flags, country, countries: k.labels };
}

/**
 * The binary columns answer (domain/analytics/binaryColumns.ts), already in typed arrays of its own:
 * only the dictionary is relabelled (as fromCompact does) and the flags masked, in place.
 */
export function fromBinary(productId: number, c: ColumnArrays): ProductColumns {
  const n = c.time.length;
  const k = relabel(c.countries, (v) => countryLabel(eventCountry({ country: v })));
  const { flags, country } = c;
  for (let i = 0; i < n; i++) {
    flags[i] &= CONSULTATION | IFRAME | AR_TRY | CONVERSION;
    country[i] = k.remap[country[i]];
  }
  return { productId, count: n, time: c.time, session: c.session, sessions: null, flags, country, countries: k.labels };
}
