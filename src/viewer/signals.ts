// The visit's signals (domain/visitSignals.ts, docs/viewer.md "Visit signals"), measured on the page and
// sent as totals by the collector (collector.ts) with each batch and when the page is hidden: where the
// viewer was embedded (source.ts), the time seen and handled (visitTime.ts), the dwell per viewing angle
// (attention.ts) and the AR outcome (arOutcome.ts). Nothing is measured while the visitor's choice
// (choice.ts) says not to, and nothing is sent for a visit whose model was never shown.
import type { VisitSignals } from '#domain/visitMeasure';

import { createArOutcome } from './arOutcome';
import { createAttention, type Orbit } from './attention';
import { measured } from './choice';
import { visitSource } from './source';
import { createVisitTime } from './visitTime';

type ModelViewer = HTMLElement & { getCameraOrbit?: () => Orbit; activateAR?: () => Promise<void> };

export interface VisitSignalsMeter {
  /** The first interaction as the events count it (main.ts's iframeInteraction). */
  interacted(): void;
  /** The totals now; undefined before the model was shown or while not measuring. */
  snapshot(): VisitSignals | undefined;
}

export function measureVisit(viewer: ModelViewer): VisitSignalsMeter {
  const source = visitSource(document.referrer);
  const orbit = () => viewer.getCameraOrbit?.() ?? { theta: NaN, phi: NaN, radius: NaN };
  const attention = createAttention();
  const time = createVisitTime(attention, orbit, measured);
  const ar = createArOutcome(viewer, measured);

  viewer.addEventListener('load', () => time.shown(orbit()));
  viewer.addEventListener('camera-change', (e) => {
    time.cameraMoved();
    if ((e as CustomEvent<{ source?: string }>).detail?.source === 'user-interaction') time.input();
  });
  viewer.addEventListener('pointerdown', () => time.input(true));
  // Released anywhere: a drag may end outside the model.
  for (const end of ['pointerup', 'pointercancel'] as const) addEventListener(end, () => time.input(false), true);
  viewer.addEventListener('wheel', () => time.input(), { passive: true });
  new IntersectionObserver((entries) => time.onScreen(entries[entries.length - 1].isIntersecting)).observe(viewer);

  return {
    interacted: () => time.interacted(),
    snapshot() {
      if (!measured()) return undefined;
      const { shown, ...totals } = time.totals();
      if (!shown) return undefined;
      const arTotals = ar.totals();
      return {
        ...(source ? { source } : {}),
        ...totals,
        attention: attention.pairs(),
        ...(arTotals ? { ar: arTotals } : {}),
      };
    },
  };
}
