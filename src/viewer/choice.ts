// The visitor's choice about audience measurement (docs/privacy.md): the browser's own refusal (Global
// Privacy Control, Do Not Track) and the page's "Ne pas mesurer mes visites", remembered in this origin's
// localStorage. The collector (collector.ts) asks `measured()` before recording or sending anything.

const OPT_OUT_KEY = 'visio3d-viewer-no-measure';
/** The choice when storage is refused (a third-party frame with storage blocked): this page only. */
let refusedHere = false;

/** The browser says no: GPC, or DNT set to 1. Nothing is measured and no visit token is asked for. */
export function browserRefuses(): boolean {
  return (
    (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true || navigator.doNotTrack === '1'
  );
}

function optedOut(): boolean {
  try {
    return refusedHere || localStorage.getItem(OPT_OUT_KEY) === '1';
  } catch {
    return refusedHere;
  }
}

export function measured(): boolean {
  return !browserRefuses() && !optedOut();
}

function remember(out: boolean) {
  refusedHere = out;
  try {
    if (out) localStorage.setItem(OPT_OUT_KEY, '1');
    else localStorage.removeItem(OPT_OUT_KEY);
  } catch {
    // Storage refused: the choice holds for this page (refusedHere).
  }
}

/**
 * Wires the page's button and its status line. `stopped` runs when the visitor opts out (the collector
 * drops what it queued). Opting in again measures from then on if the page holds a visit token, else
 * from the next page view.
 */
export function wireChoice(button: HTMLButtonElement, status: HTMLElement, stopped: () => void): void {
  const show = () => {
    const out = optedOut();
    button.hidden = browserRefuses();
    button.textContent = out ? 'Mesurer à nouveau' : 'Ne pas mesurer mes visites';
    status.textContent = browserRefuses()
      ? 'Visites non mesurées (réglage de votre navigateur).'
      : out
        ? 'Vos visites ne sont plus mesurées.'
        : '';
  };
  button.addEventListener('click', () => {
    const out = !optedOut();
    remember(out);
    if (out) stopped();
    show();
  });
  show();
}
