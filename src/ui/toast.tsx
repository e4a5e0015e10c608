// One app-wide PrimeReact Toast; any screen calls notify() (success and error messages of docs/product.md).
// The Toast component (and its transitions) is loaded with the first message, not with the first page:
// messages wait in `pending` until it is mounted.
import type { ToastMessage } from 'primereact/toast';
import { lazy, Suspense, useSyncExternalStore } from 'react';

import { OfflineWriteError } from '../api/http';

type Shower = { show(message: ToastMessage): void };
let current: Shower | null = null;
const pending: ToastMessage[] = [];
// Whether a message was asked for: the host is loaded from then on (read by AppToast as an external store).
const askedListeners = new Set<() => void>();
let asked = false;

// Toasts open top centre (ToastHost.tsx); while the offline banner shows, they open under it instead, so
// the banner that explains every refused write stays readable (docs/back-office.md, "Never stuck").
function placeUnderOfflineBanner(): void {
  const banner = globalThis.document?.querySelector('.offline-banner');
  const bottom = banner?.getBoundingClientRect().bottom ?? 0;
  const root = globalThis.document?.documentElement;
  if (!root) return;
  if (bottom > 0) root.style.setProperty('--toast-top', `${Math.ceil(bottom) + 8}px`);
  else root.style.removeProperty('--toast-top');
}

export function notify(message: ToastMessage): void {
  placeUnderOfflineBanner();
  const full = { life: 4000, ...message };
  if (current) return current.show(full);
  pending.push(full);
  if (!asked) {
    asked = true;
    askedListeners.forEach((l) => l());
  }
}

export const notifySuccess = (detail: string) => notify({ severity: 'success', summary: 'Succès', detail });
/**
 * A failure's toast. `cause` is the error caught: a write refused offline shows the HTTP client's own
 * message (what happened, what to do) instead of the screen's generic failure text, which would blame
 * the server or the data.
 */
export function notifyError(detail: string, cause?: unknown): void {
  if (cause instanceof OfflineWriteError) notify({ severity: 'warn', summary: 'Hors ligne', detail: cause.message });
  else notify({ severity: 'error', summary: 'Erreur', detail });
}

/** Called by ToastHost once mounted; returns its cleanup. */
export function attachToast(toast: Shower | null): () => void {
  current = toast;
  pending.splice(0).forEach((m) => current?.show(m));
  return () => {
    current = null;
  };
}

function subscribeAsked(listener: () => void): () => void {
  askedListeners.add(listener);
  return () => askedListeners.delete(listener);
}

const loadToastHost = () => import('./ToastHost');
const ToastHost = lazy(loadToastHost);

/**
 * Fetches the Toast's code ahead of its first message. The signed-in frame calls it: a write refused
 * offline must still show its toast when no service worker serves the chunk yet (first visit).
 */
export function preloadToast(): void {
  loadToastHost().catch(() => {
    /* offline already: the service worker, when installed, serves the chunk to the first message */
  });
}

export function AppToast() {
  const shown = useSyncExternalStore(subscribeAsked, () => asked);
  return shown ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
