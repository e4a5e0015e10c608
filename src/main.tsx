import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { Provider } from 'jotai';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './pwa/register';
import { accessiblePassThrough } from './ui/accessiblePassThrough';

document.documentElement.dataset.build = __BUILD_ID__;
registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PrimeReactProvider value={{ ripple: false, pt: accessiblePassThrough }}>
      <Provider>
        <App />
      </Provider>
    </PrimeReactProvider>
  </StrictMode>,
);
