// The visit's clock (docs/viewer.md, "Visit signals"): visible time (the model shown, at least part of
// it in the viewport, the page visible, and measuring allowed), active time (the part of it during which
// the visitor was handling the model: a pointer pressed on it, and ACTIVE_AFTER_MS after each input:
// a press released, a wheel turn, a camera move of theirs) and the time from the model shown to the first
// interaction. Each span is added once, when the state changes or at each tick, so active time never
// exceeds visible time, and the attention (attention.ts) gets the same spans.
import { MAX_VISIT_MS } from '#domain/visitMeasure';

import { type Attention, type Orbit } from './attention';

/** An input keeps the visit active this long after it: orbiting is a series of inputs, not one instant. */
export const ACTIVE_AFTER_MS = 1_000;
/** While visible, the clock ticks this often (the orbit read for the attention). */
export const TICK_MS = 250;

export interface VisitTime {
  /** The model is shown (model-viewer's load): the clock starts; `orbit` is its opening orbit. */
  shown(orbit: Orbit): void;
  /** Whether the model is in the viewport (IntersectionObserver). */
  onScreen(yes: boolean): void;
  /** The camera moved (any cause): the span so far goes to the angle it was seen from. */
  cameraMoved(): void;
  /** A visitor's input on the model; `pressed`: a pointer is down (true) or was released (false). */
  input(pressed?: boolean): void;
  /** The first interaction as the events count it (a drag, a camera move of the visitor's). */
  interacted(): void;
  /** The totals now, whole milliseconds, bounded by MAX_VISIT_MS. */
  totals(): { visibleMs: number; activeMs: number; firstInteractionMs?: number; shown: boolean };
}

export function createVisitTime(
  attention: Attention,
  orbit: () => Orbit,
  allowed: () => boolean,
  clock: () => number = () => performance.now(),
): VisitTime {
  let shownAt: number | null = null;
  let onScreen = false;
  let counting = false;
  let last = 0;
  let visibleMs = 0;
  let activeMs = 0;
  let pressed = false;
  let activeUntil = -Infinity;
  let firstInteractionMs: number | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  /** Adds the span since the last update with the state it had, then takes the new state. */
  const update = () => {
    const now = clock();
    if (counting) {
      const span = Math.max(0, now - last);
      visibleMs += span;
      activeMs += pressed ? span : Math.max(0, Math.min(now, activeUntil) - last);
      attention.add(span);
    }
    last = now;
    counting = shownAt !== null && onScreen && document.visibilityState === 'visible' && allowed();
    // The orbit of the span that starts: read at each update, so a camera move ends the span of the old one.
    if (counting) attention.look(orbit());
    if (counting && timer === undefined) timer = setInterval(update, TICK_MS);
    else if (!counting && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  document.addEventListener('visibilitychange', update);
  const whole = (ms: number) => Math.min(MAX_VISIT_MS, Math.floor(ms));

  return {
    shown(opening) {
      if (shownAt !== null) return;
      attention.look(opening);
      update();
      shownAt = clock();
      update();
    },
    cameraMoved: update,
    onScreen(yes) {
      update();
      onScreen = yes;
      update();
    },
    input(press) {
      // A release elsewhere on the page (the window hears every one) is not an input on the model.
      if (press === false && !pressed) return;
      update();
      if (press !== undefined) pressed = press;
      activeUntil = clock() + ACTIVE_AFTER_MS;
    },
    interacted() {
      if (shownAt !== null && firstInteractionMs === undefined && allowed())
        firstInteractionMs = whole(clock() - shownAt);
    },
    totals() {
      update();
      return {
        visibleMs: whole(visibleMs),
        // Floored apart, each sum of spans no larger than the visible one: never above visibleMs.
        activeMs: Math.min(whole(activeMs), whole(visibleMs)),
        ...(firstInteractionMs === undefined ? {} : { firstInteractionMs }),
        shown: shownAt !== null,
      };
    },
  };
}
