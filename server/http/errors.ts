// JSON errors {status, title, detail} (docs/architecture.md), thrown from routes and mapped by the handler.
export class HttpError extends Error {
  constructor(
    public status: number,
    public title: string,
    public detail: string,
    public extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, extra?: Record<string, unknown>) =>
  new HttpError(400, 'Requête invalide', detail, extra);
export const unauthorized = (detail = 'Authentification requise') => new HttpError(401, 'Non authentifié', detail);
export const forbidden = (detail = 'Action non autorisée pour votre rôle') =>
  new HttpError(403, 'Accès refusé', detail);
export const notFound = (detail = 'Ressource introuvable') => new HttpError(404, 'Introuvable', detail);
export const conflict = (detail: string) => new HttpError(409, 'Conflit', detail);
export const gone = (detail: string) => new HttpError(410, 'Expiré', detail);
export const tooMany = (detail: string) => new HttpError(429, 'Trop de tentatives', detail);

/**
 * Parses an id no schema has read (a multipart field), or answers 400: a non-numeric id is a bad request,
 * not a 404. Path and query ids are declared on the route's schema instead (server/http/openapi/params.ts).
 */
export function parseId(raw: unknown, name = 'id'): number {
  const s = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '';
  if (!/^\d{1,9}$/.test(s)) throw badRequest(`Identifiant invalide : ${name}`);
  return Number(s);
}
