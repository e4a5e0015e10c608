// What the viewer measures of a visit (docs/viewer.md, "Visit signals"): the attention buckets, the bounds and
// the shape it sends. The viewer imports this module alone: a module the back-office imports too would become
// a chunk both load, one more request on the viewer (its budget: tests/e2e/firstLoad.test.ts). Labels, the
// stored lists and what the dashboard draws are in ./visitSignals.ts, which repeats the few numbers it needs
// (tests/unit/visitSignals.test.ts checks that they agree).

/** The AR platforms (./visitSignals.ts AR_PLATFORMS, in the order they are stored). */
export type ArPlatform = 'webxr' | 'scene-viewer' | 'quick-look';

/**
 * Attention buckets: the camera's azimuth in 8 sectors of 45° (sector 0 centred on the model's front,
 * counted the way model-viewer's theta turns), its polar angle in 3 bands (from above: phi < 60°, level:
 * 60–120°, from below: > 120°), and near or far (near: the radius under 75 % of the radius the model opened
 * at). 8 × 3 × 2 = 48 buckets; index = (near * 3 + band) * 8 + sector.
 */
export const AZIMUTH_SECTORS = 8;
export const ELEVATION_BANDS = 3;
export const ATTENTION_BUCKETS = AZIMUTH_SECTORS * ELEVATION_BANDS * 2;
export const NEAR_RATIO = 0.75;

/** The bucket of a camera orbit (radians, model-viewer's getCameraOrbit()) for a model opened at `openedRadius`. */
export function attentionBucket(theta: number, phi: number, radius: number, openedRadius: number): number {
  const turn = 2 * Math.PI;
  const azimuth = ((theta % turn) + turn) % turn;
  const sector = Math.floor((azimuth + Math.PI / AZIMUTH_SECTORS) / (turn / AZIMUTH_SECTORS)) % AZIMUTH_SECTORS;
  const degrees = (phi * 180) / Math.PI;
  const band = degrees < 60 ? 0 : degrees <= 120 ? 1 : 2;
  const near = openedRadius > 0 && radius < openedRadius * NEAR_RATIO ? 1 : 0;
  return (near * ELEVATION_BANDS + band) * AZIMUTH_SECTORS + sector;
}

/** Bounds of what a visit may report (the server's schema refuses more). */
export const MAX_VISIT_MS = 4 * 60 * 60 * 1000;
export const MAX_AR_LAUNCHES = 50;
export const MAX_HOST_LENGTH = 253;
export const MAX_UTM_LENGTH = 100;

/**
 * The visit's signals as the viewer sends them with each batch and once more when the page is hidden:
 * totals since the visit opened, not increments, so a beacon lost or sent twice changes nothing (the server
 * keeps, field by field, the larger of what it holds and what arrives).
 */
export interface VisitSignals {
  /** The embedding page's host and utm parameters (from the frame's referrer); never its path. */
  source?: { host: string; utmSource?: string; utmMedium?: string; utmCampaign?: string };
  /** Time the model was on screen and the page visible. */
  visibleMs: number;
  /** Time the visitor was orbiting, zooming or dragging (a pointer pressed or a camera move of the user). */
  activeMs: number;
  /** From the model shown to the first interaction; absent: no interaction. */
  firstInteractionMs?: number;
  /** Dwell per attention bucket while visible: [bucket, ms] pairs, each bucket at most once. */
  attention: [number, number][];
  /** AR: the platform last launched, how many launches, placements (WebXR), failures and returns to the page. */
  ar?: { platform: ArPlatform; launches: number; placed: number; failed: number; returned: number };
}
