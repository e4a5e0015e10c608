// Dwell per viewing angle (docs/viewer.md, "Visit signals"): the time the model was visible, added to the
// attention bucket (domain/visitSignals.ts attentionBucket) of the camera orbit held during that time. The
// orbit is read at each tick of the visit's clock (visitTime.ts) and at each camera move, so a span is
// credited to the angle it was seen from, never to the one it ended on.
import { ATTENTION_BUCKETS, attentionBucket, MAX_VISIT_MS } from '#domain/visitMeasure';

export interface Orbit {
  theta: number;
  phi: number;
  radius: number;
}

export interface Attention {
  /** The orbit from now on (the radius the model opened at is the first one given). */
  look(orbit: Orbit): void;
  /** `ms` more seen from the orbit last given. */
  add(ms: number): void;
  /** [bucket, whole ms] pairs, buckets with time only, ascending. */
  pairs(): [number, number][];
}

export function createAttention(): Attention {
  const dwell = new Float64Array(ATTENTION_BUCKETS);
  let openedRadius = 0;
  let bucket = -1;
  return {
    look(orbit) {
      if (![orbit.theta, orbit.phi, orbit.radius].every(Number.isFinite)) return;
      if (!openedRadius) openedRadius = orbit.radius;
      bucket = attentionBucket(orbit.theta, orbit.phi, orbit.radius, openedRadius);
    },
    add(ms) {
      if (bucket >= 0) dwell[bucket] += ms;
    },
    pairs() {
      const out: [number, number][] = [];
      dwell.forEach((ms, b) => {
        const whole = Math.min(MAX_VISIT_MS, Math.floor(ms));
        if (whole > 0) out.push([b, whole]);
      });
      return out;
    },
  };
}
