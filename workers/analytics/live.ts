// "En direct" (docs/dashboard.md): the sessions and events of the selection's products over the last
// LIVE_WINDOW_MS, whatever the chosen period. Computed from the records at each view, never kept: it
// depends on the clock. A record whose last event is older than the window is skipped without a look at
// its events, so only the few products used in the last half hour are read.
import { LIVE_WINDOW_MS, type LiveFigures } from '#domain/analytics/view';

import { AR_TRY, CONSULTATION, CONVERSION, IFRAME, type StoredColumns } from './columns';

const STEP_FLAGS = [CONSULTATION, IFRAME, AR_TRY, CONVERSION];

export function liveOf(records: StoredColumns[], at: number): LiveFigures {
  const since = at - LIVE_WINDOW_MS;
  // Session numbers are company-wide (columns.ts): a visitor seen on two products counts once.
  const sessions = new Set<number>();
  const steps: LiveFigures['steps'] = [0, 0, 0, 0];
  let events = 0;
  for (const r of records) {
    if (!(r.last >= since)) continue;
    const { time, flags, session } = r;
    for (let i = 0; i < r.count; i++) {
      const t = time[i];
      // Untimed events (NaN) fail both tests; an event stamped after the clock is not "in the last 30 min".
      if (!(t >= since && t <= at)) continue;
      events++;
      sessions.add(session[i]);
      for (let k = 0; k < 4; k++) if (flags[i] & STEP_FLAGS[k]) steps[k]++;
    }
  }
  return { sessions: sessions.size, events, steps, at };
}
