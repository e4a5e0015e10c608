// The server's compact answer (?format=columns) and the spec's list must give the worker the same columns.
import { describe, expect, it } from 'vitest';
import { fromCompact, isCompact, toColumns } from '../../workers/analytics/columns';

const events = [
  { timestamp: '2025-03-01T10:00:00.000Z', userSessionId: 's1', consultation: true, iframeInteraction: false, ar_Try: false, conversion: false, country: 'FR' },
  { timestamp: '2025-03-01T11:00:00.000Z', userSessionId: '', consultation: true, iframeInteraction: true, ar_Try: true, conversion: false, country: null },
  { timestamp: '2025-03-02T09:30:00.500Z', userSessionId: 's1', consultation: false, iframeInteraction: false, ar_Try: false, conversion: true, country: ' fr ' },
  { timestamp: '2025-03-03T00:00:00.000Z', userSessionId: 's2', consultation: true, iframeInteraction: false, ar_Try: true, conversion: true, country: 'DE' },
];

// What columnsBody answers for these events: sorted dictionaries, a null country last.
const compact = {
  time: events.map((e) => Date.parse(e.timestamp)),
  sessions: ['', 's1', 's2'],
  session: [1, 0, 1, 2],
  countries: [' fr ', 'DE', 'FR', null],
  country: [2, 3, 0, 1],
  flags: [1, 1 | 2 | 4, 8, 1 | 4 | 8],
};

/** Per event: the time, the session's label, the flags and the country's label. */
const readable = (c: ReturnType<typeof toColumns>) =>
  Array.from({ length: c.count }, (_, i) => [c.time[i], c.sessions[c.session[i]], c.flags[i], c.countries[c.country[i]]]);

describe('compact events', () => {
  it('are recognised, and the list is not', () => {
    expect(isCompact(compact)).toBe(true);
    expect(isCompact({ $values: events })).toBe(false);
    expect(isCompact(null)).toBe(false);
  });

  it('give the same columns as the list, with equal labels merged', () => {
    const fromList = toColumns(7, events);
    const fromArrays = fromCompact(7, compact);
    expect(readable(fromArrays)).toEqual(readable(fromList));
    expect(fromArrays.count).toBe(4);
    // ' fr ' and 'FR' are one country, as in the list path.
    expect(new Set(fromArrays.countries).size).toBe(fromArrays.countries.length);
    expect(fromArrays.countries.length).toBe(fromList.countries.length);
    expect(fromArrays.sessions).toContain('unknown');
  });
});
