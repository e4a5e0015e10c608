// A page whose code could not be loaded (the server or the network gone before its chunk was fetched):
// said inside the frame, which stays with its banner, with a way to try again.
import { Button } from 'primereact/button';

export function PageLoadError() {
  return (
    <section className="card" role="alert">
      <h1>Cette page n'a pas pu être chargée</h1>
      <p>Vérifiez la connexion au serveur, puis réessayez.</p>
      <Button label="Réessayer" icon="pi pi-refresh" onClick={() => window.location.reload()} />
    </section>
  );
}
