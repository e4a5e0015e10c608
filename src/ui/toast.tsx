// One app-wide PrimeReact Toast; any screen calls notify() (success and error messages of the spec).
import { Toast, type ToastMessage } from 'primereact/toast';
import { useEffect, useRef } from 'react';

let current: Toast | null = null;
const pending: ToastMessage[] = [];

export function notify(message: ToastMessage): void {
  const full = { life: 4000, ...message };
  if (current) current.show(full);
  else pending.push(full);
}

export const notifySuccess = (detail: string) => notify({ severity: 'success', summary: 'Succès', detail });
export const notifyError = (detail: string) => notify({ severity: 'error', summary: 'Erreur', detail });

export function AppToast() {
  const ref = useRef<Toast>(null);
  useEffect(() => {
    current = ref.current;
    pending.splice(0).forEach((m) => current?.show(m));
    return () => {
      current = null;
    };
  }, []);
  // Top centre, between the page title and its actions: the actions ("Retour", "Modifier", "Supprimer") sit
  // top right, the form buttons at the bottom and "Se déconnecter" bottom left, where a toast would hide
  // them for seconds.
  return <Toast ref={ref} position="top-center" />;
}
