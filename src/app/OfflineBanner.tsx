// Says plainly when the network is gone: screens that need the server cannot load, and writes are refused.
import { useEffect, useState } from 'react';

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export function OfflineBanner() {
  if (useOnline()) return null;
  return (
    <div className="offline-banner" role="status">
      <i className="pi pi-wifi" aria-hidden="true" /> Vous êtes hors ligne : les données affichées peuvent dater et
      aucune modification ne peut être enregistrée.
    </div>
  );
}
