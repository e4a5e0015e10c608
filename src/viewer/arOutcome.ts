// The AR outcome of a visit (docs/viewer.md, "Visit signals"), from what <model-viewer> 4.x lets a page
// see (node_modules/@google/model-viewer/lib/features/ar.js):
// - WebXR: `ar-status` events: session-started (a launch), object-placed, failed, not-presenting (the
//   session ended: back on the page).
// - Scene Viewer (Android): launched by an intent from activateAR(); no event. Its failure brings the page
//   back with the #model-viewer-no-ar-fallback hash (hashchange); its success hides the page, which shows
//   again when the visitor comes back.
// - Quick Look (iOS): launched from activateAR() too, no event; the page is hidden, then visible again.
//   (`quick-look-button-tapped` only tells of a banner button this viewer does not set.)
// The mode activateAR() is about to use is model-viewer's private `arMode` field (a Symbol('arMode')
// own property, no public getter): read at the call, the platform is exact. Each launch is placed, failed
// and returned at most once, so these counts never exceed the launches.
import { type ArPlatform, MAX_AR_LAUNCHES, type VisitSignals } from '#domain/visitMeasure';

export const NO_AR_FALLBACK = '#model-viewer-no-ar-fallback';

interface Launch {
  platform: ArPlatform;
  placed: boolean;
  failed: boolean;
  returned: boolean;
  /** The page was hidden since (the other app in front). */
  left: boolean;
}

/** The mode model-viewer holds for its next activateAR() ('webxr', 'scene-viewer', 'quick-look', 'none'). */
export function arModeOf(viewer: HTMLElement): string | undefined {
  const field = Object.getOwnPropertySymbols(viewer).find((s) => s.description === 'arMode');
  const mode: unknown = field ? (viewer as unknown as Record<symbol, unknown>)[field] : undefined;
  return typeof mode === 'string' ? mode : undefined;
}

export interface ArOutcome {
  /** The totals; undefined while nothing was launched. */
  totals(): VisitSignals['ar'];
}

export function createArOutcome(viewer: HTMLElement & { activateAR?: () => Promise<void> }, allowed: () => boolean) {
  let launches = 0;
  let placed = 0;
  let failed = 0;
  let returned = 0;
  let current: Launch | null = null;

  const launch = (platform: ArPlatform) => {
    if (!allowed() || launches >= MAX_AR_LAUNCHES) return;
    launches++;
    current = { platform, placed: false, failed: false, returned: false, left: false };
  };
  const fail = () => {
    if (!current || current.failed || current.returned) return;
    current.failed = true;
    failed++;
  };
  const back = () => {
    if (!current || current.failed || current.returned) return;
    current.returned = true;
    returned++;
  };

  // Scene Viewer and Quick Look start in activateAR() (the AR button calls it on the element): the launch
  // is counted at the call, with the mode model-viewer is about to use. WebXR is counted at its
  // session-started (a call whose session does not start is not a launch).
  const activate = viewer.activateAR?.bind(viewer);
  if (activate)
    viewer.activateAR = () => {
      const mode = arModeOf(viewer);
      if (mode === 'scene-viewer' || mode === 'quick-look') launch(mode);
      return activate();
    };

  viewer.addEventListener('ar-status', (e) => {
    const status = (e as CustomEvent<{ status?: string }>).detail?.status;
    if (status === 'session-started') launch('webxr');
    else if (status === 'object-placed' && current?.platform === 'webxr' && !current.placed) {
      current.placed = true;
      placed++;
    } else if (status === 'failed') fail();
    else if (status === 'not-presenting' && current?.platform === 'webxr') back();
  });
  addEventListener('hashchange', (e) => {
    if (current?.platform === 'scene-viewer' && new URL(e.newURL).hash === NO_AR_FALLBACK) fail();
  });
  document.addEventListener('visibilitychange', () => {
    if (!current || current.platform === 'webxr') return;
    if (document.visibilityState === 'hidden') current.left = true;
    else if (current.left) back();
  });

  return {
    totals: (): VisitSignals['ar'] =>
      current ? { platform: current.platform, launches, placed, failed, returned } : undefined,
  } satisfies ArOutcome;
}
