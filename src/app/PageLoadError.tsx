// A page whose code could not be loaded (the server or the network gone before its chunk was fetched):
// said inside the frame, which stays with its banner, with a way to try again. The server is asked at
// once: when it does not answer, the "server down" banner and its automatic retries show too, even if no
// API call failed (the API answers the frame needs may come from the service worker's cache).
import { Button } from 'primereact/button';
import { useEffect } from 'react';

import { probeServer } from '../ui/ServerDownBanner';

export function PageLoadError() {
  useEffect(() => {
    void probeServer();
  }, []);
  return (
    <section className="card" role="alert">
      <h1>Cette page n'a pas pu être chargée</h1>
      <p>Vérifiez la connexion au serveur, puis réessayez.</p>
      <Button label="Réessayer" icon="pi pi-refresh" onClick={() => window.location.reload()} />
    </section>
  );
}
