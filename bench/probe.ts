// In-page probes (serialised into the page by Playwright, so each function is self-contained):
// long-task recording from the first script on, and the "drawn" detector of the dashboard.

/** Installed before any page script: every main-thread long task (> 50 ms) with its start and duration. */
export function installLongTaskProbe(): void {
  const w = window as any;
  w.__longTasks = [] as Array<[number, number]>;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* not supported: no long tasks reported */
  }
}

/** Long tasks that started in [from, to) (page time, ms). */
export function longTasksBetween([from, to]: [number, number]): Array<[number, number]> {
  return ((window as any).__longTasks as Array<[number, number]>).filter(([s]) => s >= from && s < to);
}

/**
 * Clicks the option `text` of the open dropdown panel, then resolves with the page time of the click and
 * the time the dashboard shows figures for the new selection: the page says which selection its figures
 * answer (`data-drawn-for`, another one than before the click, so an old view never counts; a selection
 * computed a moment ago is drawn without a busy state), the four figures without spinner, the evolution
 * chart, the doughnut or its empty message, the journey or its empty message, and a frame painted after.
 */
export function clickAndWaitDrawn(text: string): Promise<{ t0: number; drawn: number }> {
  const labels = ['Nombre de consultation du modèle', 'Interactions 3D', 'Essais AR', 'Taux de conversion'];
  const values = () => labels.map((l) => document.querySelector(`[role="group"][aria-label="${l}"] .stat-value`));
  const busy = () => values().some((el) => !el || el.getAttribute('aria-busy') === 'true');
  const chartOk = (title: string, drawnSel: string) => {
    const s = document.querySelector(`section[aria-label^="${title}"]`);
    return !!s && !s.querySelector('.chart-frozen') && !!(s.querySelector(drawnSel) || s.querySelector('.chart-empty'));
  };
  const drawnFor = () => document.querySelector('.dashboard')?.getAttribute('data-drawn-for') ?? null;
  const before = drawnFor();
  const drawn = () =>
    drawnFor() !== null &&
    drawnFor() !== before &&
    !busy() &&
    values().every((el) => /\d/.test(el!.textContent ?? '')) &&
    chartOk('Évolution', 'canvas') &&
    chartOk('Origine géographique', 'svg[role="img"]') &&
    chartOk('Parcours utilisateur', 'canvas');
  const option = [...document.querySelectorAll('.p-dropdown-panel li[role="option"]')].find(
    (li) => li.textContent?.trim() === text,
  ) as HTMLElement | undefined;
  if (!option) return Promise.reject(new Error(`option not found: ${text}`));
  return new Promise((resolve) => {
    let t0 = 0;
    const check = () => {
      if (drawn()) {
        observer.disconnect();
        // The figures are in the DOM: wait for the frame that paints them.
        requestAnimationFrame(() => setTimeout(() => resolve({ t0, drawn: performance.now() })));
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    t0 = performance.now();
    option.click();
    check();
  });
}

/** Resolves once no update is in progress (no progress bar) and the figures are shown; returns the time. */
export function waitSettled(): Promise<number> {
  return new Promise((resolve) => {
    const tick = () => {
      const busy =
        document.querySelector('.stat-value[aria-busy="true"]') || document.querySelector('.dashboard-progress');
      if (!busy) resolve(performance.now());
      else requestAnimationFrame(tick);
    };
    tick();
  });
}

/** IndexedDB bytes of this origin (Chromium's usage details), or the whole usage. */
export async function indexedDbBytes(): Promise<number> {
  const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: Record<string, number> };
  return e.usageDetails?.indexedDB ?? e.usage ?? 0;
}
