// The PrimeReact Toast itself, loaded with the first message (see toast.tsx).
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';

import { attachToast } from './toastStore';

export default function ToastHost() {
  const ref = useRef<Toast>(null);
  useEffect(() => attachToast(ref.current), []);
  // Top centre, between the page title and its actions: the actions ("Retour", "Modifier", "Supprimer") sit
  // top right, the form buttons at the bottom and "Se déconnecter" bottom left, where a toast would hide
  // them for seconds.
  return <Toast ref={ref} position="top-center" />;
}
