// A page whose code could not be loaded (the server or the network gone before its chunk was fetched, or a
// deployment that removed the files of the version still running here): said inside the frame, which stays
// with its banner, with a way to try again. The server is asked at once: when it does not answer, the
// "server down" banner and its automatic retries show too, even if no API call failed (the API answers the
// frame needs may come from the service worker's cache). The service worker is asked for a newer version
// at once too: once one is waiting, "Réessayer" starts it, since the running version's files may be gone.
import { Button } from 'primereact/button';
import { useEffect } from 'react';

import { useEndBootFrame } from './bootFrame';
import { probeServer } from './ServerDownBanner';

async function retry(): Promise<void> {
  const waiting = await navigator.serviceWorker
    ?.getRegistration()
    .then((r) => r?.waiting)
    .catch(() => undefined);
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

export function PageLoadError() {
  useEndBootFrame();
  useEffect(() => {
    void probeServer();
    void navigator.serviceWorker
      ?.getRegistration()
      .then((r) => r?.update())
      .catch(() => undefined);
  }, []);
  return (
    <section className="card" role="alert">
      <h1>Cette page n'a pas pu être chargée</h1>
      <p>Vérifiez la connexion au serveur, puis réessayez.</p>
      <Button label="Réessayer" icon="pi pi-refresh" onClick={() => void retry()} />
    </section>
  );
}
