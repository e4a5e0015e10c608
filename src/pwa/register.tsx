// Registers the service worker (workbox-window through virtual:pwa-register) and offers updates with a
// PrimeReact toast "Nouvelle version disponible" / "Mettre à jour" (skipWaiting, then reload).
import { Button } from 'primereact/button';
import { registerSW } from 'virtual:pwa-register';

import { registerUserCacheCleaner } from '../app/userCaches';
import { notify } from '../ui/toast';
import { clearOfflineApiCache } from './offlineApi';
import { replayThroughWorker } from './replayThroughWorker';

export function registerServiceWorker(): void {
  registerUserCacheCleaner(clearOfflineApiCache);
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // First visit: the worker takes control later (clientsClaim); what was fetched before is fetched again
  // through it. A later takeover is an update, which reloads the page anyway.
  if (!navigator.serviceWorker.controller) {
    navigator.serviceWorker.addEventListener('controllerchange', () => void replayThroughWorker(), { once: true });
  }
  // Reload once the new worker controls the page, whichever way the update was found (workbox-window only
  // reloads by itself for updates it found through its own registration).
  let offered = false;
  const applyUpdate = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateSW(true);
  };
  const offer = () => {
    // workbox-window may report the same waiting worker twice, and installedBeforeRegistration too: offer once.
    if (offered) return;
    offered = true;
    notify({
      severity: 'info',
      summary: 'Nouvelle version disponible',
      sticky: true,
      content: (
        <div className="update-toast">
          <strong>Nouvelle version disponible</strong>
          <span>Une mise à jour de l'application est prête.</span>
          <Button label="Mettre à jour" icon="pi pi-refresh" size="small" onClick={applyUpdate} />
        </div>
      ),
    });
  };
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: offer,
    onRegisteredSW: (_url, registration) => {
      if (registration) installedBeforeRegistration(registration, offer);
    },
    onRegisterError(error) {
      console.error('Service worker registration failed', error);
    },
  });
}

/**
 * A new version whose installation had begun before this page registered (the browser checks for one on
 * every navigation, so a reload after a deployment starts it): workbox-window only follows installations it
 * saw begin, and this one would never be offered. Followed here until it waits.
 */
function installedBeforeRegistration(registration: ServiceWorkerRegistration, offer: () => void): void {
  const installing = registration.installing;
  if (!installing || !navigator.serviceWorker.controller) return; // none, or the first install (no update)
  installing.addEventListener('statechange', () => {
    if (installing.state === 'installed' && registration.waiting === installing) offer();
  });
}
