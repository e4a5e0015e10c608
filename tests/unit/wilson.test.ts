// The 95 % Wilson interval against published values (Newcombe 1998, Table I; Wilson 1927) and its limits.
import { describe, expect, it } from 'vitest';

import { wilson } from '../../domain/analytics/wilson';

describe('wilson', () => {
  it.each([
    // successes, trials, low, high (Newcombe, "Two-sided confidence intervals for the single proportion", method 3)
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [5, 10, 0.2366, 0.7634],
    [10, 10, 0.7225, 1],
  ])('%i out of %i: [%f, %f]', (x, n, low, high) => {
    const i = wilson(x, n)!;
    expect(i.low).toBeCloseTo(low, 4);
    expect(i.high).toBeCloseTo(high, 4);
  });

  it('has no interval without trials, stays in [0, 1] and holds the observed rate', () => {
    expect(wilson(0, 0)).toBeNull();
    for (let n = 1; n <= 60; n += 7)
      for (let x = 0; x <= n; x++) {
        const i = wilson(x, n)!;
        expect(i.low).toBeGreaterThanOrEqual(0);
        expect(i.high).toBeLessThanOrEqual(1);
        expect(i.low).toBeLessThanOrEqual(x / n + 1e-12);
        expect(i.high).toBeGreaterThanOrEqual(x / n - 1e-12);
      }
  });
});
