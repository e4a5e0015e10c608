// What a viewer's visit tells beyond its four event flags (docs/viewer.md, "Visit signals"): the AR outcome
// per platform, the time seen and handled, the attention per viewing angle and where the page was embedded.
// Shared by the server (which stores one row per visit: product_visits) and the dashboard (which reads them);
// what the viewer measures and sends is ./visitMeasure.ts (its types re-exported here).
// The device class and the system are decided by the server from the request, never sent by the page.
import type { ArPlatform } from './visitMeasure';

export type { ArPlatform, VisitSignals } from './visitMeasure';

/** AR platforms, as stored (product_visits.ar_platform): 0 none launched. */
export const AR_PLATFORMS = ['webxr', 'scene-viewer', 'quick-look'] as const satisfies readonly ArPlatform[];
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
 * The attention grid as the dashboard draws it: the same numbers as ./visitMeasure.ts (repeated, not
 * imported: see there why; tests/unit/visitSignals.test.ts checks they agree).
 */
export const AZIMUTH_SECTORS = 8;
export const ELEVATION_BANDS = 3;
export const ATTENTION_BUCKETS = AZIMUTH_SECTORS * ELEVATION_BANDS * 2;
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

/** The centre of a bucket, as model-viewer's camera-orbit attribute ("θdeg φdeg r%"), to draw the model from it. */
export function bucketOrbit(bucket: number): string {
  const sector = bucket % AZIMUTH_SECTORS;
  const band = Math.floor(bucket / AZIMUTH_SECTORS) % ELEVATION_BANDS;
  const near = bucket >= AZIMUTH_SECTORS * ELEVATION_BANDS;
  const theta = sector * (360 / AZIMUTH_SECTORS);
  const phi = [35, 80, 145][band];
  return `${theta}deg ${phi}deg ${near ? 60 : 100}%`;
}

/** The source's bounds (./visitMeasure.ts), for the dashboard's filters in the URL. */
export const MAX_HOST_LENGTH = 253;
export const MAX_UTM_LENGTH = 100;
