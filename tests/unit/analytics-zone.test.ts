// The reporting time zone: an event's day is the company's calendar day, across both DST changes and at
// local midnight (Europe/Paris: UTC+1 in winter, UTC+2 in summer; 2025-03-30 has 23 hours, 2025-10-26 25).
import { describe, expect, it } from 'vitest';

import { dayNumber, isoOf } from '#domain/analytics/buckets';
import { isTimeZone, Zone, zoneLabel } from '#domain/analytics/zone';

import { aggregate, Numbering } from '../../workers/analytics/aggregate';
import { toColumns } from '../../workers/analytics/columns';
import { SessionDictionary } from '../../workers/analytics/sessions';

const paris = new Zone('Europe/Paris');
const dayIso = (z: Zone, iso: string) => isoOf(z.day(Date.parse(iso)));

describe('Zone: local day of an instant', () => {
  it('puts 00:30 in Paris on its own day, not on the previous UTC day', () => {
    expect(dayIso(paris, '2025-01-14T23:30:00Z')).toBe('2025-01-15'); // 00:30 CET
    expect(dayIso(paris, '2025-01-14T22:59:59Z')).toBe('2025-01-14'); // 23:59:59 CET
    expect(dayIso(paris, '2025-07-14T22:00:00Z')).toBe('2025-07-15'); // 00:00 CEST
    expect(dayIso(paris, '2025-07-14T21:59:59Z')).toBe('2025-07-14');
  });

  it('follows the spring change (23-hour day): before and after 02:00 → 03:00', () => {
    // 2025-03-30 01:59:59 CET = 00:59:59Z; 03:00 CEST = 01:00Z; the day ends at 22:00Z.
    expect(paris.offsetAt(Date.parse('2025-03-30T00:59:59Z'))).toBe(3_600_000);
    expect(paris.offsetAt(Date.parse('2025-03-30T01:00:00Z'))).toBe(7_200_000);
    expect(dayIso(paris, '2025-03-29T23:00:00Z')).toBe('2025-03-30'); // 00:00 CET
    expect(dayIso(paris, '2025-03-30T21:59:59Z')).toBe('2025-03-30'); // 23:59:59 CEST
    expect(dayIso(paris, '2025-03-30T22:00:00Z')).toBe('2025-03-31'); // 00:00 CEST
  });

  it('follows the autumn change (25-hour day): before and after 03:00 → 02:00', () => {
    expect(dayIso(paris, '2025-10-25T22:00:00Z')).toBe('2025-10-26'); // 00:00 CEST
    expect(dayIso(paris, '2025-10-26T00:59:59Z')).toBe('2025-10-26'); // 02:59:59 CEST
    expect(dayIso(paris, '2025-10-26T01:00:00Z')).toBe('2025-10-26'); // 02:00 CET (again)
    expect(dayIso(paris, '2025-10-26T22:59:59Z')).toBe('2025-10-26'); // 23:59:59 CET
    expect(dayIso(paris, '2025-10-26T23:00:00Z')).toBe('2025-10-27'); // 00:00 CET
  });

  it('gives the same days in bulk (tables) as one by one, in several zones, around every hour of both changes', () => {
    for (const name of ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC']) {
      const times: number[] = [];
      for (const start of [
        Date.parse('2025-03-08T00:00:00Z'),
        Date.parse('2025-03-29T00:00:00Z'),
        Date.parse('2025-10-25T00:00:00Z'),
        Date.parse('2025-11-01T00:00:00Z'),
      ])
        for (let t = start; t < start + 4 * 86_400_000; t += 15 * 60_000) times.push(t, t - 1);
      const bulk = new Zone(name).days(new Float64Array(times), -1);
      const fmt = new Intl.DateTimeFormat('en-CA', {
        timeZone: name,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      expect(Array.from(bulk, isoOf)).toEqual(times.map((t) => fmt.format(t)));
    }
  });

  it('knows IANA names and labels the zone', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(zoneLabel('Europe/Paris')).toBe('Heure de Paris');
    expect(zoneLabel('America/New_York')).toBe('Fuseau horaire : America/New_York');
  });
});

describe('figures cut in the reporting zone', () => {
  const ev = (timestamp: string) => ({ timestamp, userSessionId: 's', country: 'FR', consultation: true });
  const d = new SessionDictionary();
  const records = [
    d.store(
      toColumns(1, [
        ev('2025-03-29T23:30:00Z'), // 00:30 Paris on Sunday 30 March (spring change day)
        ev('2025-03-30T21:30:00Z'), // 23:30 CEST the same Sunday
        ev('2025-10-26T00:30:00Z'), // 02:30 CEST Sunday 26 October (autumn change day)
        ev('2025-10-26T01:30:00Z'), // 02:30 CET, the second time that day
        ev('2025-10-31T23:30:00Z'), // 00:30 on 1 November in Paris, still 31 October in UTC
      ]),
    ),
  ];
  const now = new Date(Date.UTC(2026, 10, 21));
  const base = {
    scope: 'all' as const,
    metric: 'consultation' as const,
    counting: 'total' as const,
    year: 2025,
    week: 1,
  };

  it('a 7-day block: both events of the 23-hour Sunday count on that Sunday in Paris, not in UTC', () => {
    // March 2025, block 5 = 29-31 (Saturday to Monday); 30 March is a Sunday (bucket "Dim"). The weekdays
    // outside the block have no value (not drawn).
    const paris = aggregate(
      records,
      { ...base, period: 'week', month: 3, week: 5 },
      now,
      new Numbering('Europe/Paris'),
    );
    expect(paris.series.values).toEqual([0, null, null, null, null, 0, 2]);
    const utc = aggregate(records, { ...base, period: 'week', month: 3, week: 5 }, now, new Numbering('UTC'));
    expect(utc.series.values).toEqual([0, null, null, null, null, 1, 1]);
  });

  it('months follow local midnight: 00:30 on 1 November in Paris is November', () => {
    const year = aggregate(records, { ...base, period: 'year', month: 1 }, now, new Numbering('Europe/Paris'));
    expect(year.series.values[2]).toBe(2);
    expect(year.series.values[9]).toBe(2); // both 02:30 of the 25-hour day
    expect(year.series.values[10]).toBe(1);
    const utc = aggregate(records, { ...base, period: 'year', month: 1 }, now, new Numbering('UTC'));
    expect(utc.series.values[2]).toBe(2); // March either way
    expect(utc.series.values[9]).toBe(3);
    expect(utc.series.values[10]).toBe(0);
  });

  it('a custom range of one day keeps the 25 hours of 26 October 2025', () => {
    const day = aggregate(
      records,
      { ...base, period: 'custom', month: 1, from: '2025-10-26', to: '2025-10-26' },
      now,
      new Numbering('Europe/Paris'),
    );
    expect(day.stats.consultations).toBe(2);
    expect(day.series.labels).toEqual(['26/10']);
    expect(dayNumber(2025, 10, 26)).toBe(paris.day(Date.parse('2025-10-26T01:30:00Z')));
  });
});
