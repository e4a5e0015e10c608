// Session numbers shared by every product: a session seen by two products has one number, so distinct
// sessions are counted with bit arrays, and a product's record stores numbers only. Our server numbers
// them itself (per company, analytics_sessions); for a list answer (another server of the contract) the
// engine numbers the strings here. Those strings are stored once, in IndexedDB chunks written in the same
// transaction as the records that first use them (see cache.ts writeProducts), so stored records and
// stored numbering always agree. One server gives one kind of answer, so the two never mix in a view.
import { emptyStored, type ProductColumns, type StoredColumns } from './columns';

export interface SessionChunk {
  /** Number of the first string. */
  start: number;
  strings: string[];
}

export class SessionDictionary {
  private ids = new Map<string, number>();
  private strings: string[] = [];
  /** Strings already handed out in a chunk to store. */
  private taken = 0;

  get size(): number {
    return this.strings.length;
  }

  /**
   * Takes back the stored chunks (in order from 0, as written). False when they do not follow each other:
   * the stored numbering is then unusable and the caller drops the cache.
   */
  load(chunks: SessionChunk[]): boolean {
    const sorted = [...chunks].sort((a, b) => a.start - b.start);
    let next = 0;
    for (const c of sorted)
      if (c.start !== next) return false;
      else next += c.strings.length;
    this.ids = new Map();
    this.strings = [];
    for (const c of sorted) for (const s of c.strings) this.ids.set(s, this.strings.push(s) - 1);
    this.taken = this.strings.length;
    return true;
  }

  /**
   * The product's columns with shared session numbers: the server's as they are, or its labels numbered
   * here (first and last timed event, and the session limit, computed in the same pass).
   */
  store(p: ProductColumns): StoredColumns {
    if (p.count === 0) return { ...emptyStored(p.productId), countries: p.countries };
    const local = p.sessions && this.number(p.sessions);
    const session = local ? new Uint32Array(p.count) : p.session;
    let limit = 0;
    let first = Infinity;
    let last = -Infinity;
    for (let i = 0; i < p.count; i++) {
      const g = local ? (session[i] = local[p.session[i]]) : session[i];
      if (g >= limit) limit = g + 1;
      const t = p.time[i];
      if (t < first) first = t;
      if (t > last) last = t;
    }
    return {
      productId: p.productId,
      count: p.count,
      time: p.time,
      session,
      sessionLimit: limit,
      flags: p.flags,
      country: p.country,
      countries: p.countries,
      first,
      last,
    };
  }

  /** The shared number of each label (new labels get the next numbers). */
  private number(labels: string[]): Uint32Array {
    const local = new Uint32Array(labels.length);
    for (let i = 0; i < labels.length; i++) {
      const s = labels[i];
      let g = this.ids.get(s);
      if (g === undefined) this.ids.set(s, (g = this.strings.push(s) - 1));
      local[i] = g;
    }
    return local;
  }

  /** The strings numbered since the last call: to be stored with the records that use them. */
  takeChunk(): SessionChunk | null {
    if (this.taken === this.strings.length) return null;
    const chunk = { start: this.taken, strings: this.strings.slice(this.taken) };
    this.taken = this.strings.length;
    return chunk;
  }
}
