// The server's compact answer (?format=columns) and the spec's list must give the worker the same columns.
import { describe, expect, it } from 'vitest';

import { fromCompact, isCompact, toColumns } from '../../workers/analytics/columns';

const events = [
  {
    timestamp: '2025-03-01T10:00:00.000Z',
    userSessionId: 's1',
    consultation: true,
    iframeInteraction: false,
    ar_Try: false,
    conversion: false,
    country: 'FR',
  },
  {
    timestamp: '2025-03-01T11:00:00.000Z',
    userSessionId: '',
    consultation: true,
    iframeInteraction: true,
    ar_Try: true,
    conversion: false,
    country: null,
  },
  {
    timestamp: '2025-03-02T09:30:00.500Z',
    userSessionId: 's1',
    consultation: false,
    iframeInteraction: false,
    ar_Try: false,
    conversion: true,
    country: ' fr ',
  },
  {
    timestamp: '2025-03-03T00:00:00.000Z',
    userSessionId: 's2',
    consultation: true,
    iframeInteraction: false,
    ar_Try: true,
    conversion: true,
    country: 'DE',
  },
];

// What columnsBody answers for these events: the company's session numbers ('' numbered as 'unknown',
// as the list path reads it) and country numbers, with the company's country dictionary (in number order,
// '' for a missing country, and countries of other products of the company: here 'IT').
const compact = {
  time: events.map((e) => Date.parse(e.timestamp)),
  session: [41, 3, 41, 7],
  countries: ['FR', 'IT', '', ' fr ', 'DE'],
  country: [0, 2, 3, 4],
  flags: [1, 1 | 2 | 4, 8, 1 | 4 | 8],
};

/** Per event: the time, the flags and the country's label. */
const readable = (c: ReturnType<typeof toColumns>) =>
  Array.from({ length: c.count }, (_, i) => [c.time[i], c.flags[i], c.countries[c.country[i]]]);

/** Per event: the first event of the same session (numbers differ between the paths, sessions do not). */
const sessionsOf = (c: ReturnType<typeof toColumns>) =>
  Array.from({ length: c.count }, (_, i) => c.session.indexOf(c.session[i]));

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
    expect(sessionsOf(fromArrays)).toEqual(sessionsOf(fromList));
    expect(fromArrays.count).toBe(4);
    // ' fr ' and 'FR' are one country, as in the list path.
    expect(new Set(fromArrays.countries).size).toBe(fromArrays.countries.length);
    expect(fromArrays.countries).toEqual(expect.arrayContaining(fromList.countries));
    expect(fromArrays.countries.length).toBe(fromList.countries.length + 1);
    expect(fromList.sessions).toContain('unknown');
    // The server's numbers are kept as they are: no label to look up.
    expect(fromArrays.sessions).toBeNull();
    expect([...fromArrays.session]).toEqual(compact.session);
  });
});
