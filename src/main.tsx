import './zodConfig';
// PrimeReact's own structural CSS, in the stylesheet rather than injected after the first paint (scripts/primeCss.ts).
import 'virtual:primereact-runtime.css';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './fonts.css';
import './styles.css';

import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { queryClient } from './api/queryClient';
import { App } from './app/App';
import { askCurrentUserEarly } from './app/earlyUser';
import { registerUserCacheCleaner } from './app/userCaches';
import { registerServiceWorker } from './pwa/register';
import { accessiblePassThrough } from './ui/accessiblePassThrough';

document.documentElement.dataset.build = __BUILD_ID__;
askCurrentUserEarly();
registerServiceWorker();
// Server state read for the signed-in user goes with the session (logout and any 401).
registerUserCacheCleaner(() => queryClient.clear());

// No CSS transitions on PrimeReact overlays (dropdown panels, dialogs, toasts): each one forces a
// synchronous layout when it opens and closes, which the dashboard's selection changes paid for.
const primeConfig = { ripple: false, cssTransition: false, pt: accessiblePassThrough };

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PrimeReactProvider value={primeConfig}>
      <QueryClientProvider client={queryClient}>
        <Provider>
          <App />
        </Provider>
      </QueryClientProvider>
    </PrimeReactProvider>
  </StrictMode>,
);
