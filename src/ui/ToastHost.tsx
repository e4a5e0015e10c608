// The PrimeReact Toast itself, loaded with the first message (see toast.tsx).
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { attachToast } from './toast';

export default function ToastHost() {
  const ref = useRef<Toast>(null);
  useEffect(() => attachToast(ref.current), []);
  return <Toast ref={ref} position="top-right" />;
}
