// A pack: many products' records in one IndexedDB value (cache.ts), their columns end to end in four typed
// arrays, with each product's offset and small fields beside them. Read back, a record's columns are views
// into the pack's arrays (subarray): nothing is copied.
import type { CachedProduct } from './columns';

export interface Pack {
  id: number;
  /** The company the products belong to (-1 when the request did not say): read back by company. */
  companyId: number;
  productIds: Int32Array;
  /** Product i's events are [offsets[i], offsets[i + 1]) of the columns. */
  offsets: Uint32Array;
  etags: Array<string | null>;
  fetchedAt: Float64Array;
  sessionLimit: Uint32Array;
  first: Float64Array;
  last: Float64Array;
  countries: string[][];
  time: Float64Array;
  session: Uint32Array;
  flags: Uint8Array;
  country: Uint16Array;
}

export function packOf(id: number, companyId: number | null, records: CachedProduct[]): Pack {
  const n = records.length;
  const offsets = new Uint32Array(n + 1);
  records.forEach((r, i) => (offsets[i + 1] = offsets[i] + r.count));
  const total = offsets[n];
  const pack: Pack = {
    id,
    companyId: companyId ?? -1,
    productIds: Int32Array.from(records, (r) => r.productId),
    offsets,
    etags: records.map((r) => r.etag),
    fetchedAt: Float64Array.from(records, (r) => r.fetchedAt),
    sessionLimit: Uint32Array.from(records, (r) => r.sessionLimit),
    first: Float64Array.from(records, (r) => r.first),
    last: Float64Array.from(records, (r) => r.last),
    countries: records.map((r) => r.countries),
    time: new Float64Array(total),
    session: new Uint32Array(total),
    flags: new Uint8Array(total),
    country: new Uint16Array(total),
  };
  records.forEach((r, i) => {
    const at = offsets[i];
    // A record's arrays may be longer than its count (views of a larger answer): only its events.
    pack.time.set(r.time.subarray(0, r.count), at);
    pack.session.set(r.session.subarray(0, r.count), at);
    pack.flags.set(r.flags.subarray(0, r.count), at);
    pack.country.set(r.country.subarray(0, r.count), at);
  });
  return pack;
}

/** The records of a pack that `keep` accepts, their columns viewing the pack's arrays. */
export function recordsOf(pack: Pack, keep: (productId: number) => boolean = () => true): CachedProduct[] {
  const out: CachedProduct[] = [];
  pack.productIds.forEach((productId, i) => {
    if (!keep(productId)) return;
    const a = pack.offsets[i];
    const b = pack.offsets[i + 1];
    out.push({
      productId,
      count: b - a,
      time: pack.time.subarray(a, b),
      session: pack.session.subarray(a, b),
      sessionLimit: pack.sessionLimit[i],
      flags: pack.flags.subarray(a, b),
      country: pack.country.subarray(a, b),
      countries: pack.countries[i],
      first: pack.first[i],
      last: pack.last[i],
      etag: pack.etags[i],
      fetchedAt: pack.fetchedAt[i],
    });
  });
  return out;
}
