// One app-wide PrimeReact Toast; any screen calls notify() (success and error messages of docs/product.md).
// The Toast component (and its transitions) is loaded with the first message, not with the first page:
// messages wait in the queue (toastStore.ts) until it is mounted.
import { lazy, Suspense, useSyncExternalStore } from 'react';

import { subscribeAsked, wasAsked } from './toastStore';

export { notify, notifyError, notifySuccess } from './toastStore';

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
  const shown = useSyncExternalStore(subscribeAsked, wasAsked);
  return shown ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
