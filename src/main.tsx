import './app/zodConfig';
import './app/askEarly';
import './app/stableStyles';
// PrimeReact's own structural CSS, in the stylesheet rather than injected after the first paint (scripts/primeCss.ts).
import 'virtual:primereact-runtime.css';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './fonts.css';
import './styles.css';

import { Provider } from 'jotai';
import { PrimeReactProvider } from 'primereact/api';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { registerServiceWorker } from './pwa/register';
import { accessiblePassThrough } from './ui/accessiblePassThrough';

document.documentElement.dataset.build = __BUILD_ID__;
registerServiceWorker();

// No CSS transitions on PrimeReact overlays (dropdown panels, dialogs, toasts): each one forces a
// synchronous layout when it opens and closes, which the dashboard's selection changes paid for.
const primeConfig = { ripple: false, cssTransition: false, pt: accessiblePassThrough };

// In a transition: React renders the app in slices of a few ms instead of one long task as the page's
// scripts are evaluated (docs/performance.md).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <PrimeReactProvider value={primeConfig}>
        <Provider>
          <App />
        </Provider>
      </PrimeReactProvider>
    </StrictMode>,
  ),
);
