// The service worker's runtime cache of the app's code: the pages' chunks, their stylesheets and the
// analytics worker, kept when first fetched (src/sw.ts). It holds no user data, so logout leaves it.
export const CODE_CACHE = 'app-code';

/** The hashed, immutable files Vite emits under /assets/ (source maps aside: only the developer tools read them). */
export const isAppCode = (pathname: string) => pathname.startsWith('/assets/') && !pathname.endsWith('.map');
