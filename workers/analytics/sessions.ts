// The engine's numbering of session strings, shared by every product: a session seen by two products has
// one number, so distinct sessions are counted with bit arrays, and a product's record stores numbers
// only. The strings are stored once, in IndexedDB chunks written in the same transaction as the records
// that first use them (see cache.ts writeProducts), so stored records and stored numbering always agree.
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
    for (const c of sorted) if (c.start !== next) return false;
    else next += c.strings.length;
    this.ids = new Map();
    this.strings = [];
    for (const c of sorted) for (const s of c.strings) this.ids.set(s, this.strings.push(s) - 1);
    this.taken = this.strings.length;
    return true;
  }

  /** The product's columns with its sessions numbered here (first and last timed event computed once). */
  store(p: ProductColumns): StoredColumns {
    if (p.count === 0) return { ...emptyStored(p.productId), countries: p.countries };
    const local = new Uint32Array(p.sessions.length);
    let limit = 0;
    for (let i = 0; i < p.sessions.length; i++) {
      const s = p.sessions[i];
      let g = this.ids.get(s);
      if (g === undefined) this.ids.set(s, (g = this.strings.push(s) - 1));
      local[i] = g;
      if (g >= limit) limit = g + 1;
    }
    const session = new Uint32Array(p.count);
    let first = Infinity;
    let last = -Infinity;
    for (let i = 0; i < p.count; i++) {
      session[i] = local[p.session[i]];
      const t = p.time[i];
      if (t < first) first = t;
      if (t > last) last = t;
    }
    return { productId: p.productId, count: p.count, time: p.time, session, sessionLimit: limit, flags: p.flags, country: p.country, countries: p.countries, first, last };
  }

  /** The strings numbered since the last call: to be stored with the records that use them. */
  takeChunk(): SessionChunk | null {
    if (this.taken === this.strings.length) return null;
    const chunk = { start: this.taken, strings: this.strings.slice(this.taken) };
    this.taken = this.strings.length;
    return chunk;
  }
}
