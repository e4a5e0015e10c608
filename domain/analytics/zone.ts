// A reporting time zone (IANA name) turned into local day numbers: an event's day is the company's
// calendar day, not UTC's. Intl gives the zone's UTC offset; asking it per event would cost more than the
// whole pass, so a Zone tables the offset at the start of each UTC day it has seen, and the instant of
// the change inside the few days whose offset changes (DST), found by bisection.
import { DAY_MS } from './buckets';

export const DEFAULT_TIME_ZONE = 'Europe/Paris';

/** Zones already found valid: building an Intl formatter costs about a millisecond, at every render. */
const knownZones = new Set<string>();

/** True for a time zone Intl knows ("Europe/Paris", "UTC", "America/New_York"). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !name || name.length > 64) return false;
  if (knownZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    knownZones.add(name);
    return true;
  } catch {
    return false;
  }
}

/** "Heure de Paris" for Europe/Paris, otherwise "Fuseau horaire : <name>". */
export function zoneLabel(name: string): string {
  if (name === 'Europe/Paris') return 'Heure de Paris';
  return `Fuseau horaire : ${name}`;
}

const MINUTE = 60_000;

export class Zone {
  private fmt: Intl.DateTimeFormat;
  /** UTC day number of index 0 of the tables. */
  private base = 0;
  /** Offset (ms) at the start of each UTC day base+i. */
  private off = new Float64Array(0);
  /** Instant of the offset change inside day base+i, +Infinity when none. */
  private cut = new Float64Array(0);

  constructor(readonly timeZone: string) {
    this.fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Local time − UTC time at an instant (ms), from Intl. */
  offsetAt(t: number): number {
    const p: Record<string, number> = {};
    for (const part of this.fmt.formatToParts(t)) if (part.type !== 'literal') p[part.type] = Number(part.value);
    const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    return local - (t - (((t % 1000) + 1000) % 1000));
  }

  /** Tables the UTC days [fromDay, toDay] (kept, grown as needed). */
  cover(fromDay: number, toDay: number): void {
    const n = this.off.length;
    if (n && fromDay >= this.base && toDay + 1 < this.base + n) return;
    const base = n ? Math.min(this.base, fromDay) : fromDay;
    const end = n ? Math.max(this.base + n - 1, toDay + 1) : toDay + 1;
    const off = new Float64Array(end - base + 1);
    const cut = new Float64Array(end - base + 1);
    for (let d = base; d <= end; d++) {
      const i = d - this.base;
      off[d - base] = n && i >= 0 && i < n ? this.off[i] : this.offsetAt(d * DAY_MS);
    }
    for (let d = base; d <= end; d++) {
      const i = d - this.base;
      if (n && i >= 0 && i < n - 1 && d < end) cut[d - base] = this.cut[i];
      else cut[d - base] = d < end && off[d - base + 1] !== off[d - base] ? this.changeIn(d, off[d - base]) : Infinity;
    }
    this.base = base;
    this.off = off;
    this.cut = cut;
  }

  /** The first minute of day `d` whose offset is no longer `before` (bisection, ~11 Intl calls). */
  private changeIn(d: number, before: number): number {
    let lo = d * DAY_MS;
    let hi = lo + DAY_MS;
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (this.offsetAt(mid) === before) lo = mid;
      else hi = mid;
    }
    return hi;
  }

  /** The local day number of an instant (ms). */
  day(t: number): number {
    const u = Math.floor(t / DAY_MS);
    this.cover(u, u);
    const i = u - this.base;
    return Math.floor((t + (t < this.cut[i] ? this.off[i] : this.off[i + 1])) / DAY_MS);
  }

  /** The local day of each instant, NaN ones as `none`. */
  days(time: Float64Array, none: number): Int32Array {
    const out = new Int32Array(time.length);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < time.length; i++) {
      const t = time[i];
      if (t === t) {
        if (t < lo) lo = t;
        if (t > hi) hi = t;
      }
    }
    if (lo === Infinity) return out.fill(none);
    this.cover(Math.floor(lo / DAY_MS), Math.floor(hi / DAY_MS));
    const { base, off, cut } = this;
    for (let i = 0; i < time.length; i++) {
      const t = time[i];
      if (t !== t) {
        out[i] = none;
        continue;
      }
      const k = Math.floor(t / DAY_MS) - base;
      out[i] = Math.floor((t + (t < cut[k] ? off[k] : off[k + 1])) / DAY_MS);
    }
    return out;
  }
}

/** One Zone per name for "today" (the screens ask at every render): its tables grow, never change. */
const todayZones = new Map<string, Zone>();

/** Today's local day number in a zone. */
export function todayIn(timeZone: string, now: number): number {
  let zone = todayZones.get(timeZone);
  if (!zone) todayZones.set(timeZone, (zone = new Zone(timeZone)));
  return zone.day(now);
}
