// The toasts' queue: any screen calls notify() (success and error messages of docs/product.md); messages
// wait in `pending` until the Toast host (ToastHost.tsx, loaded by toast.tsx) is mounted and attached.
import type { ToastMessage } from 'primereact/toast';

type Shower = { show(message: ToastMessage): void };
let current: Shower | null = null;
const pending: ToastMessage[] = [];
// Whether a message was asked for: the host is loaded from then on (read by AppToast as an external store).
const askedListeners = new Set<() => void>();
let asked = false;
/** Whether a message was asked for (AppToast's external store snapshot). */
export const wasAsked = () => asked;

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
/** A write the HTTP client refused offline (OfflineWriteError, src/api/http.ts), known by its name: shared
 * components do not import the API client (eslint.config.js, the client's boundaries). */
const isOfflineWrite = (cause: unknown): cause is Error => cause instanceof Error && cause.name === 'OfflineWriteError';

export function notifyError(detail: string, cause?: unknown): void {
  if (isOfflineWrite(cause)) notify({ severity: 'warn', summary: 'Hors ligne', detail: cause.message });
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

export function subscribeAsked(listener: () => void): () => void {
  askedListeners.add(listener);
  return () => askedListeners.delete(listener);
}
