// When the server stops answering mid-session: a clear French message over the page (never a blank page),
// automatic retries every few seconds, and a notice once the connection is back.
import '../ui/serverDown.css';

import { useEffect, useState } from 'react';

import { isServerDown, onServerReachability, send, setServerDown } from '../api/http';
import { notifySuccess } from '../ui/toast';

export const SERVER_DOWN_MESSAGE =
  'Le serveur ne répond pas ou est momentanément indisponible. Nouvelle tentative automatique dans quelques secondes…';
export const SERVER_BACK_MESSAGE = 'Connexion au serveur rétablie.';
const RETRY_MS = 3000;

/**
 * One probe: HEAD is never answered by the service worker's cache, so only the server can say "up". A
 * probe that gets no answer marks the server down (src/api/http.ts), which shows this banner.
 */
export async function probeServer(): Promise<void> {
  try {
    await send('HEAD', '/api/User/current');
    setServerDown(false);
  } catch (err) {
    const status = (err as { status?: number }).status ?? 0;
    // Any real answer but a gateway error means the server is there (a 401 is handled by the client).
    if (status !== 0 && (status < 502 || status > 504)) setServerDown(false);
  }
}

export function useServerDown(): boolean {
  const [down, setDown] = useState(isServerDown);
  useEffect(() => onServerReachability(setDown), []);
  return down;
}

export function ServerDownBanner() {
  const down = useServerDown();
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    if (!down) return;
    const timer = setInterval(() => void probeServer(), RETRY_MS);
    return () => {
      clearInterval(timer);
      // Back up (not merely leaving the page while the server is still down).
      if (!isServerDown()) notifySuccess(SERVER_BACK_MESSAGE);
    };
  }, [down]);

  if (!down) return null;
  return (
    <div className="server-down-banner" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{SERVER_DOWN_MESSAGE}</span>
      <button
        type="button"
        className="server-down-retry"
        disabled={checking}
        onClick={() => {
          setChecking(true);
          void probeServer().finally(() => setChecking(false));
        }}
      >
        Réessayer maintenant
      </button>
    </div>
  );
}
