// "En direct": the sessions and events of the last 30 minutes, checked against a plain recomputation over
// event objects (a Set of session strings), whatever the period, the products and the order of events.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { LIVE_WINDOW_MS } from '#domain/analytics/view';

import { toColumns } from '../../workers/analytics/columns';
import { liveOf } from '../../workers/analytics/live';
import { SessionDictionary } from '../../workers/analytics/sessions';

const at = Date.UTC(2026, 10, 23, 22, 0);
type Ev = {
  timestamp: string | null;
  userSessionId: string;
  consultation: boolean;
  iframeInteraction: boolean;
  ar_Try: boolean;
  conversion: boolean;
  country: string;
};

const event = fc.record({
  // From two hours before the clock to ten minutes after it (timestamps within a day are accepted).
  timestamp: fc.option(
    fc.integer({ min: at - 2 * 3_600_000, max: at + 600_000 }).map((t) => new Date(t).toISOString()),
    { nil: null, freq: 10 },
  ),
  userSessionId: fc.constantFrom('s1', 's2', 's3', 's4', 's5'),
  consultation: fc.boolean(),
  iframeInteraction: fc.boolean(),
  ar_Try: fc.boolean(),
  conversion: fc.boolean(),
  country: fc.constant('FR'),
});

function plain(products: Ev[][]) {
  const inWindow = products
    .flat()
    .filter(
      (e) => e.timestamp !== null && Date.parse(e.timestamp) >= at - LIVE_WINDOW_MS && Date.parse(e.timestamp) <= at,
    );
  const count = (f: keyof Ev) => inWindow.filter((e) => e[f]).length;
  return {
    sessions: new Set(inWindow.map((e) => e.userSessionId)).size,
    events: inWindow.length,
    steps: [count('consultation'), count('iframeInteraction'), count('ar_Try'), count('conversion')],
    at,
  };
}

describe('liveOf', () => {
  it('counts the distinct sessions and the events of [clock − 30 min, clock], across products', () => {
    fc.assert(
      fc.property(fc.array(fc.array(event, { maxLength: 40 }), { maxLength: 4 }), (products) => {
        const d = new SessionDictionary();
        const records = products.map((evs, i) => d.store(toColumns(i + 1, evs)));
        expect(liveOf(records, at)).toEqual(plain(products));
      }),
      { numRuns: 300 },
    );
  });

  it('includes an event exactly 30 minutes old and one at the clock, not one a millisecond older or later', () => {
    const d = new SessionDictionary();
    const ev = (t: number, s: string): Ev => ({
      timestamp: new Date(t).toISOString(),
      userSessionId: s,
      consultation: true,
      iframeInteraction: false,
      ar_Try: false,
      conversion: false,
      country: 'FR',
    });
    const r = d.store(
      toColumns(1, [
        ev(at - LIVE_WINDOW_MS - 1, 'old'),
        ev(at - LIVE_WINDOW_MS, 'edge'),
        ev(at, 'now'),
        ev(at + 1, 'later'),
      ]),
    );
    expect(liveOf([r], at)).toMatchObject({ sessions: 2, events: 2, steps: [2, 0, 0, 0] });
  });
});
