// The public 3D/AR viewer of one product (/viewer/{publicKey}, docs/viewer.md): <model-viewer> with orbit,
// zoom and AR, the product's name and price, "Demander un devis", and the visit's events. Nothing of the
// back-office is imported here: this bundle stays small for phones.
import './viewer.css';

import meshoptDecoderUrl from 'virtual:meshopt-decoder';

import type { VisitGrant } from '#domain/collectEvents';

import { measured, wireChoice } from './choice';
import { createCollector, sessionId } from './collector';
import { measureVisit, type VisitSignalsMeter } from './signals';

interface ViewerInfo {
  nom: string;
  prix: number | null;
  modelUrl: string | null;
  /** Shown before the model: the light poster made at upload, or the first photo; absent or null: the neutral stage. */
  posterUrl?: string | null;
  unsupportedFormat: string | null;
  quoteUrl: string | null;
}

const $ = (id: string) => document.getElementById(id)!;
/** How far a pressed pointer moves before it is a drag (a tap that wobbles is not). */
const DRAG_PX = 8;
const key = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] ?? '');
/**
 * The back-office's preview (src/features/catalogue/EmbedPreview.tsx) adds `?apercu`: the page asks for no
 * visit token, so nothing it shows is counted as a visit. Anyone may add it; it only gives up counting.
 */
const preview = new URLSearchParams(location.search).has('apercu');

function message(text: string) {
  const p = document.createElement('p');
  p.className = 'message';
  p.textContent = text;
  $('stage').replaceChildren(p);
}

async function start() {
  // model-viewer (with three.js) is its own chunk, loaded while the product's data comes: this entry stays
  // a few KB (the e2e test checks the budget).
  const element = import('@google/model-viewer').then((module) => {
    // Light models are meshopt-compressed (server/files/optimiseGlb.ts). model-viewer decodes them once this
    // location is set: it then adds the script (this origin's, as the CSP requires) and waits for it before
    // loading a model. Set as soon as the chunk is here, so the script comes while the data does.
    module.ModelViewerElement.meshoptDecoderLocation = meshoptDecoderUrl;
    return module;
  });
  let dropQueued = () => {};
  wireChoice($('mesure') as HTMLButtonElement, $('mesure-etat'), () => dropQueued());
  // A visitor who refused (browser signal or the page's choice), and the back-office's preview, ask for
  // no visit token: no event.
  const session = preview || !measured() ? '' : sessionId();
  const base = `/api/viewer/${encodeURIComponent(key)}`;
  // The data is the same for every visitor (revalidated with its ETag: a second view gets a 304); the
  // visit's token, which POST /api/collect requires, is its own small uncached request (docs/viewer.md).
  const visit = session
    ? fetch(`${base}/visit?session=${session}`)
        .then(async (r) => (r.ok ? ((await r.json()) as { visit?: VisitGrant | null }).visit : null))
        .catch(() => null)
    : Promise.resolve(null);
  const res = await fetch(base, { cache: 'no-cache' }).catch(() => null);
  $('viewer').setAttribute('aria-busy', 'false');
  if (!res?.ok)
    return message(res?.status === 404 ? 'Produit introuvable.' : 'Visionneuse indisponible, réessayez plus tard.');
  const info = (await res.json()) as ViewerInfo;

  document.title = `${info.nom} — Visionneuse 3D`;
  $('nom').textContent = info.nom;
  // The same Intl format as formatEuros (domain/format.ts), written here: importing that module from
  // this entry made it a chunk shared with the app, one more request on the viewer and on every page.
  $('prix').textContent =
    info.prix === null ? '' : new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(info.prix);

  // The poster at once (the page's largest paint, preloaded by the page itself: server/http/viewer.ts),
  // while model-viewer's chunk and the model arrive.
  if (info.modelUrl && info.posterUrl) {
    const img = document.createElement('img');
    img.className = 'poster';
    img.src = info.posterUrl;
    img.alt = `Photo : ${info.nom}`;
    $('stage').replaceChildren(img);
  }

  // The visit's signals, measured once the model's element exists (below), sent by the collector.
  let meter: VisitSignalsMeter | undefined;
  const events = createCollector(key, session, await visit, undefined, () => meter?.snapshot());
  dropQueued = () => events.drop();
  const devis = $('devis') as HTMLAnchorElement;
  if (info.quoteUrl) {
    devis.href = info.quoteUrl;
    devis.hidden = false;
    devis.addEventListener('click', () => events.record('conversion'));
  }

  if (!info.modelUrl)
    return message(
      // An STL whose conversion at upload failed: the model exists but cannot be shown (docs/uploads.md).
      info.unsupportedFormat === 'stl'
        ? 'Modèle 3D non disponible'
        : info.unsupportedFormat
          ? 'Modèle 3D non disponible dans ce format'
          : 'Aucun modèle 3D pour ce produit.',
    );

  try {
    await element;
  } catch {
    return message('Visionneuse indisponible, réessayez plus tard.');
  }
  const viewer = document.createElement('model-viewer');
  viewer.setAttribute('src', info.modelUrl);
  if (info.posterUrl) viewer.setAttribute('poster', info.posterUrl);
  viewer.setAttribute('alt', `Modèle 3D : ${info.nom}`);
  viewer.setAttribute('camera-controls', '');
  viewer.setAttribute('touch-action', 'pan-y');
  viewer.setAttribute('ar', '');
  viewer.setAttribute('ar-modes', 'webxr scene-viewer quick-look');
  viewer.setAttribute('shadow-intensity', '1');
  viewer.id = 'modele';
  // Only a visit that may send (a token, measuring allowed) measures its signals.
  if (session) meter = measureVisit(viewer);

  let shown = false;
  let moved = false;
  viewer.addEventListener('load', () => {
    if (!shown) events.record('consultation');
    shown = true;
  });
  const interacted = () => {
    if (moved) return;
    moved = true;
    meter?.interacted();
    events.record('iframeInteraction');
  };
  viewer.addEventListener('camera-change', (e) => {
    if ((e as CustomEvent<{ source?: string }>).detail?.source === 'user-interaction') interacted();
  });
  // A drag counts as soon as the pointer has moved while pressed: model-viewer reports the camera's move
  // from its next rendered frame, which a busy device may not draw before the visitor lets go.
  let pressedAt: { x: number; y: number } | null = null;
  viewer.addEventListener('pointerdown', (e) => (pressedAt = { x: e.clientX, y: e.clientY }));
  viewer.addEventListener('pointermove', (e) => {
    if (pressedAt && Math.hypot(e.clientX - pressedAt.x, e.clientY - pressedAt.y) >= DRAG_PX) interacted();
  });
  for (const end of ['pointerup', 'pointercancel'] as const) viewer.addEventListener(end, () => (pressedAt = null));
  viewer.addEventListener('ar-status', (e) => {
    if ((e as CustomEvent<{ status?: string }>).detail?.status === 'session-started') events.record('arTry');
  });
  viewer.addEventListener('error', () => message('Le modèle 3D n’a pas pu être chargé.'));
  $('stage').replaceChildren(viewer);
}

void start();
