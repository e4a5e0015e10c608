// One app-wide PrimeReact Toast; any screen calls notify() (success and error messages of the spec).
// The Toast component (and its transitions) is loaded with the first message, not with the first page:
// messages wait in `pending` until it is mounted.
import type { ToastMessage } from 'primereact/toast';
import { Suspense, lazy, useEffect, useState } from 'react';

type Shower = { show(message: ToastMessage): void };
let current: Shower | null = null;
const pending: ToastMessage[] = [];
let wanted: (() => void) | null = null;
let asked = false;

export function notify(message: ToastMessage): void {
  const full = { life: 4000, ...message };
  if (current) return current.show(full);
  pending.push(full);
  asked = true;
  wanted?.();
}

export const notifySuccess = (detail: string) => notify({ severity: 'success', summary: 'Succès', detail });
export const notifyError = (detail: string) => notify({ severity: 'error', summary: 'Erreur', detail });

/** Called by ToastHost once mounted; returns its cleanup. */
export function attachToast(toast: Shower | null): () => void {
  current = toast;
  pending.splice(0).forEach((m) => current?.show(m));
  return () => {
    current = null;
  };
}

const ToastHost = lazy(() => import('./ToastHost'));

export function AppToast() {
  const [shown, setShown] = useState(asked);
  useEffect(() => {
    wanted = () => setShown(true);
    if (asked) setShown(true);
    return () => {
      wanted = null;
    };
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
