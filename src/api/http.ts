// The one HTTP client: API base (VITE_API_BASE, default same origin), bearer token, 401 handling, JSON
// errors and list normalising. Every resource module goes through it.
import { normaliseList } from '#domain/list';

export const API_BASE = String(import.meta.env?.VITE_API_BASE ?? '').replace(/\/+$/, '');
export const TOKEN_KEY = 'token';

/** An HTTP failure: status 0 when no answer came (network down, server stopped). */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** Field messages of a 400 answer ({errors: {field: message}}), when the server gave them. */
  get fieldErrors(): Record<string, string> {
    const errors = (this.body as { errors?: Record<string, string> } | undefined)?.errors;
    return errors && typeof errors === 'object' ? errors : {};
  }
}

/** Said when a write is refused because the browser is offline (docs/back-office.md, "Never stuck"). */
export const OFFLINE_WRITE_MESSAGE =
  "Vous êtes hors ligne : la modification n'a pas été enregistrée. Réessayez une fois la connexion rétablie.";

/** A write refused before anything was sent, because the browser is offline: nothing reached the server. */
export class OfflineWriteError extends ApiError {
  constructor() {
    super(0, OFFLINE_WRITE_MESSAGE);
    this.name = 'OfflineWriteError';
  }
}

/** A request given up by its caller (an AbortController), not a failure to show. */
export const isAbortError = (err: unknown): boolean => err instanceof Error && err.name === 'AbortError';

// The one 401 path (docs/architecture.md, "Sign-in and every call after it"): send() wipes local storage,
// then tells its listeners (src/app/App.tsx ends the session and deletes the user's caches).
const unauthorizedListeners = new Set<() => void>();
/** A 401 answered while nobody listened (the early current user, src/api/earlyRequests.ts, can beat App's mount). */
let unheardUnauthorized = false;
/** Called on any 401, after local storage is wiped (docs/product.md §1.4); at once for one nobody heard yet. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  if (unheardUnauthorized) {
    unheardUnauthorized = false;
    listener();
  }
  return () => unauthorizedListeners.delete(listener);
}

export function getToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function apiUrl(path: string): string {
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

// Whether the server answers: a call that gets no answer (server stopped) or a 502/503/504 marks it down;
// the banner of the frame (src/app/ServerDownBanner.tsx) then probes until a real answer marks it up.
// A GET success does not count: the service worker may answer some GETs from its cache.
let serverDown = false;
const reachabilityListeners = new Set<(down: boolean) => void>();
export function setServerDown(down: boolean): void {
  if (down === serverDown) return;
  serverDown = down;
  reachabilityListeners.forEach((l) => l(down));
}
export const isServerDown = () => serverDown;
export function onServerReachability(listener: (down: boolean) => void): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

/** Performs a call and returns the raw Response when it succeeded (2xx); throws ApiError otherwise. */
export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  // Offline, a write would be lost: refuse it plainly instead (the form keeps what was typed).
  if (method !== 'GET' && globalThis.navigator?.onLine === false) {
    throw new OfflineWriteError();
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method, headers, body, signal: options.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    if (globalThis.navigator?.onLine !== false) setServerDown(true);
    throw new ApiError(0, 'Le serveur ne répond pas. Vérifiez votre connexion.');
  }
  if (response.status >= 502 && response.status <= 504) setServerDown(true);
  else if (method !== 'GET') setServerDown(false);
  if (response.ok) return response;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (response.status === 401) {
    try {
      globalThis.localStorage?.clear();
    } catch {
      /* storage unavailable */
    }
    console.warn('401 reçu : stockage local effacé, redirection vers /login');
    if (unauthorizedListeners.size === 0) unheardUnauthorized = true;
    unauthorizedListeners.forEach((l) => l());
  }
  const detail = (data as { detail?: string } | undefined)?.detail;
  throw new ApiError(response.status, detail || `Erreur HTTP ${response.status}`, data);
}

async function json<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => json<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => json<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => json<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => json<T>('DELETE', path, options),
  /** GET of a list in any accepted shape (plain array, $values, values). */
  list: async <T>(path: string, what?: string, options?: RequestOptions) =>
    normaliseList<T>(await json<unknown>('GET', path, options), what),
  /** GET of a binary file. */
  blob: async (path: string, options?: RequestOptions) => (await send('GET', path, options)).blob(),
};
