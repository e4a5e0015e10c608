// EVENTS_RETENTION_MONTHS (server/config.ts), the oldest month the purge keeps (server/analytics/retention.ts,
// docs/privacy.md), and the dashboard's period choices bounded by it (domain/analytics/selection.ts).
import { describe, expect, it } from 'vitest';

import { clampSelection, defaultSelection, monthOptions, yearOptions } from '#domain/analytics/selection';

import { oldestKeptMonth } from '../../server/analytics/retention';
import { ConfigError, DEFAULT_RETENTION_MONTHS, retentionMonths } from '../../server/config';

describe('EVENTS_RETENTION_MONTHS', () => {
  it('is 25 by default, a whole number of months from 1 to 25 otherwise', () => {
    expect(DEFAULT_RETENTION_MONTHS).toBe(25);
    expect(retentionMonths(undefined)).toBe(25);
    expect(retentionMonths(' ')).toBe(25);
    expect(retentionMonths('13')).toBe(13);
    expect(retentionMonths('1')).toBe(1);
    for (const bad of ['0', '26', '1.5', '-3', 'douze', '12 mois'])
      expect(() => retentionMonths(bad), bad).toThrow(ConfigError);
    expect(() => retentionMonths('36')).toThrow(
      /EVENTS_RETENTION_MONTHS vaut « 36 » : il faut un nombre entier de mois, de 1 à 25/,
    );
  });
});

describe('oldestKeptMonth', () => {
  it('keeps the current month and the months − 1 before it, in UTC', () => {
    expect(oldestKeptMonth(new Date('2026-12-07T12:00:00Z'), 25).toISOString()).toBe('2024-12-01T00:00:00.000Z');
    expect(oldestKeptMonth(new Date('2027-01-01T00:00:00Z'), 25).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(oldestKeptMonth(new Date('2026-12-31T23:59:59Z'), 25).toISOString()).toBe('2024-12-01T00:00:00.000Z');
    expect(oldestKeptMonth(new Date('2026-03-15T00:00:00Z'), 1).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('the period choices bounded by the oldest month kept', () => {
  const now = new Date('2026-12-07T00:00:00Z');
  const oldest = { year: 2024, month: 12 };

  it('offer no year nor month before it', () => {
    expect(yearOptions(now, oldest)).toEqual([2024, 2025, 2026]);
    expect(monthOptions(2024, now, oldest)).toEqual([12]);
    expect(monthOptions(2025, now, oldest)).toHaveLength(12);
    expect(monthOptions(2026, now, oldest)).toHaveLength(12);
    // Unknown (not read yet, or unreadable): the original screens' choices.
    expect(yearOptions(now, null)[0]).toBe(2020);
    expect(monthOptions(2024, now, null)).toHaveLength(12);
    // A retention of one month: the current year and month only.
    expect(yearOptions(now, { year: 2026, month: 12 })).toEqual([2026]);
    expect(monthOptions(2026, now, { year: 2026, month: 12 })).toEqual([12]);
  });

  it('move a bookmarked older selection to it', () => {
    const base = defaultSelection(now);
    expect(clampSelection({ ...base, period: 'month', year: 2021, month: 3 }, now, oldest)).toMatchObject({
      year: 2024,
      month: 12,
    });
    expect(clampSelection({ ...base, period: 'month', year: 2024, month: 5 }, now, oldest)).toMatchObject({
      year: 2024,
      month: 12,
    });
    expect(
      clampSelection({ ...base, period: 'custom', from: '2023-01-10', to: '2025-02-01' }, now, oldest),
    ).toMatchObject({ from: '2024-12-01', to: '2025-02-01' });
    // Without it, as before.
    expect(clampSelection({ ...base, period: 'month', year: 2021, month: 3 }, now)).toMatchObject({
      year: 2021,
      month: 3,
    });
  });
});
