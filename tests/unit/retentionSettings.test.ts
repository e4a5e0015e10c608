// EVENTS_RETENTION_MONTHS (server/config.ts) and the oldest month the purge keeps
// (server/analytics/retention.ts, docs/privacy.md).
import { describe, expect, it } from 'vitest';

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
