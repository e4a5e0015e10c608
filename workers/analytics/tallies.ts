// The engine's tallies of the current records, one per selection but the metric: a metric change, a return
// to a period or scope seen before, and the complete view after a revalidation that only brought 304s
// (the records are then the same objects) draw without a pass over the events. A new record (a fresh
// answer) or another numbering drops them all. A tally is a few short arrays: keeping many costs little.
// The last pass begun and given way by the preparation of the next selections (engine.ts prepare) is kept
// too, and finished by the view that asks for its tally; one only, as each holds arrays per session (MBs).
import { type Numbering, type Tally, TallyPass, type TallyRequest } from './aggregate';
import type { StoredColumns } from './columns';

/** Tallies kept at most; beyond, they are dropped and made again as asked. */
const KEPT = 64;

/** A tally to make: its pass, counted by `run` a few products at a time, and kept by `keep` once done. */
export interface PendingTally {
  key: string;
  records: StoredColumns[];
  pass: TallyPass;
}

export class Tallies {
  /** Every record the kept tallies were made from; a record not in it (a fresh answer) drops them all. */
  private known = new Set<StoredColumns>();
  private numbering: Numbering | null = null;
  private byKey = new Map<string, { records: StoredColumns[]; tally: Tally }>();
  private pending: PendingTally | null = null;

  of(records: StoredColumns[], request: TallyRequest, now: Date, numbering: Numbering, previous = false): Tally {
    const found = this.begin(records, request, now, numbering, previous);
    if ('tally' in found) return found.tally;
    found.pass.run();
    return this.keep(found);
  }

  /** The kept tally of this selection, or the pass that makes it (the one begun earlier, if any). */
  begin(
    records: StoredColumns[],
    request: TallyRequest,
    now: Date,
    numbering: Numbering,
    previous = false,
  ): { tally: Tally } | PendingTally {
    if (numbering !== this.numbering || records.some((r) => !this.known.has(r)) || this.byKey.size >= KEPT) {
      this.forget();
      this.numbering = numbering;
      records.forEach((r) => this.known.add(r));
    }
    // Which buckets are past, partial or future depends on today (and all_time's years run to this year):
    // today's local day is part of what a tally answers.
    const { scope, counting, period, year, month, week, from, to } = request;
    const key = [
      scope,
      counting,
      period,
      year,
      month,
      week,
      from,
      to,
      previous,
      numbering.zone.day(now.getTime()),
    ].join('/');
    const kept = this.byKey.get(key);
    if (kept && sameRecords(kept.records, records)) return { tally: kept.tally };
    const begun = this.pending;
    if (begun?.key === key && sameRecords(begun.records, records)) return begun;
    return (this.pending = { key, records, pass: new TallyPass(records, request, now, numbering, previous) });
  }

  /**
   * The tally of a pass run to its end, kept unless forgotten meanwhile (its records or numbering are gone)
   * or replaced by a later pass.
   */
  keep(done: PendingTally): Tally {
    const made = done.pass.result();
    if (this.pending === done) {
      this.pending = null;
      this.byKey.set(done.key, { records: done.records, tally: made });
    }
    return made;
  }

  forget(): void {
    this.known.clear();
    this.numbering = null;
    this.byKey.clear();
    this.pending = null;
  }
}

/** The same record objects in the same order (a fresh answer makes a new record, a 304 keeps it). */
function sameRecords(a: StoredColumns[], b: StoredColumns[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
