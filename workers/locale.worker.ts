// Loads the browser's French locale data off the main thread (src/app/localeData.ts): the formatters of
// domain/format.ts made here once, the worker says so and is ended.
import { warmUpFormats } from '#domain/format';

warmUpFormats();
postMessage('ready');
