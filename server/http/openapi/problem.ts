// The one error shape of the API ({status, title, detail}, 400s add errors: {field: message}) as a
// schema, and the answers every operation documents with it (docs/api.md, "Erreurs").
import { z } from 'zod';

export const problemSchema = z
  .looseObject({
    status: z.int().min(400).max(599),
    title: z.string().meta({ description: 'Intitulé court, en français' }),
    detail: z.string().meta({ description: 'Ce qui a échoué, en français, pour une personne' }),
    errors: z.record(z.string(), z.string()).optional().meta({
      description: 'Champ → message (le même que celui du formulaire de l’application), sur les 400 d’un corps',
    }),
  })
  .meta({ id: 'Probleme', description: 'Erreur de l’API : toujours ce format JSON' });

/** What each status means, as the document says it. */
export const PROBLEM_DESCRIPTIONS = {
  400: 'Requête invalide : un paramètre, la requête ou le corps ne suit pas le schéma, ou une règle décrite dans l’opération',
  401: 'Jeton absent, invalide, expiré ou révoqué (déconnexion, mot de passe changé, utilisateur désactivé)',
  403: 'Action refusée : rôle insuffisant, ou compte désactivé / licence non valide',
  404: 'Introuvable, ou hors de la portée de l’appelant (l’enregistrement d’une autre entreprise répond comme un identifiant inconnu)',
  409: 'Conflit avec l’état enregistré',
  410: 'Expiré',
  413: 'Corps, fichier ou formulaire trop volumineux',
  415: 'Type de contenu du corps non pris en charge : celui que l’opération décrit (JSON, ou multipart/form-data)',
  429: 'Trop de requêtes : réessayer après le délai de Retry-After',
  503: 'Base de données momentanément indisponible : réessayer après le délai de Retry-After',
} as const;
export type ProblemStatus = keyof typeof PROBLEM_DESCRIPTIONS;

/** Statuses whose answer carries Retry-After. */
export const RETRY_AFTER_STATUSES: readonly number[] = [429, 503];

/** Route answers `{404: problem, ...}` for the statuses a route raises itself. */
export function problems(...statuses: ProblemStatus[]): Record<number, typeof problemSchema> {
  return Object.fromEntries(statuses.map((s) => [s, problemSchema]));
}

/**
 * Statuses answered as the error shape to an API client, or as a small French HTML page to a browser
 * (Accept: text/html; server/customers/linkErrorPage.ts).
 */
export function problemsOrPage(...statuses: ProblemStatus[]) {
  const content = { 'application/json': { schema: problemSchema }, 'text/html': { schema: z.string() } };
  return Object.fromEntries(statuses.map((s) => [s, { description: PROBLEM_DESCRIPTIONS[s], content }]));
}
