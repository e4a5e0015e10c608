// What a viewer's visit tells beyond its four event flags (docs/viewer.md, "Visit signals"): the AR outcome
// per platform, the time seen and handled, the attention per viewing angle and where the page was embedded.
// Shared by the viewer (which measures them, so this module imports nothing: the viewer's bundle stays
// small), the server (which stores one row per visit: product_visits) and the dashboard (which reads them).
// The device class and the system are decided by the server from the request, never sent by the page.

/** AR platforms, as stored (product_visits.ar_platform): 0 none launched. */
export const AR_PLATFORMS = ['webxr', 'scene-viewer', 'quick-look'] as const;
export type ArPlatform = (typeof AR_PLATFORMS)[number];
export const AR_PLATFORM_LABELS: Record<ArPlatform, string> = {
  webxr: 'WebXR (Android, Chrome)',
  'scene-viewer': 'Scene Viewer (Android)',
  'quick-look': 'Quick Look (iOS)',
};

/** Device classes, as stored (product_visits.device): 0 unknown. */
export const DEVICE_CLASSES = ['ordinateur', 'telephone', 'tablette'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DEVICE_LABELS: Record<DeviceClass, string> = {
  ordinateur: 'Ordinateur',
  telephone: 'Téléphone',
  tablette: 'Tablette',
};

/** Systems, as stored (product_visits.system): 0 another or unknown. */
export const SYSTEMS = ['ios', 'android', 'windows', 'macos', 'linux'] as const;
export type System = (typeof SYSTEMS)[number];
export const SYSTEM_LABELS: Record<System, string> = {
  ios: 'iOS',
  android: 'Android',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};

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
export const ELEVATION_LABELS = ['du dessus', 'de face', 'du dessous'] as const;
export const SECTOR_LABELS = [
  'face',
  'avant droit',
  'droite',
  'arrière droit',
  'arrière',
  'arrière gauche',
  'gauche',
  'avant gauche',
] as const;

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

/** The centre of a bucket, as model-viewer's camera-orbit attribute ("θdeg φdeg r%"), to draw the model from it. */
export function bucketOrbit(bucket: number): string {
  const sector = bucket % AZIMUTH_SECTORS;
  const band = Math.floor(bucket / AZIMUTH_SECTORS) % ELEVATION_BANDS;
  const near = bucket >= AZIMUTH_SECTORS * ELEVATION_BANDS;
  const theta = sector * (360 / AZIMUTH_SECTORS);
  const phi = [35, 80, 145][band];
  return `${theta}deg ${phi}deg ${near ? 60 : 100}%`;
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
