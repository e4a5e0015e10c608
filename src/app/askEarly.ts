// Imported by main.tsx before the app: ES modules run in import order, so the early API requests
// (src/api/earlyRequests.ts) leave before the router's modules ask for the page's chunks, which would otherwise
// take the browser's six connections to the server first (the current user waited 250–400 ms behind ~30
// chunk requests on /customers).
import { askEarly } from '../api/earlyRequests';
import { loadLocaleDataOffThread } from './localeData';

// On a signed-in load, the locale data the page will format with, off the main thread while the page's
// code and data are on their way.
if (askEarly()) loadLocaleDataOffThread();
