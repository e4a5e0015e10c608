import type { z } from 'zod';

import type { entrepriseCreatedSchema, EntrepriseCreateInput, entrepriseSchema } from '#domain/entreprise';

import type { ContractAnswer } from './contract';
import { http } from './http';

/**
 * A company of the list (GET /api/Entreprise): the route's response schema (domain/entreprise.ts);
 * `timeZone` is this server's addition (absent: Europe/Paris).
 */
export type Entreprise = ContractAnswer<z.infer<typeof entrepriseSchema>, 'timeZone'>;
/** A company just created: the list's fields and its contact data. */
export type EntrepriseCreated = z.infer<typeof entrepriseCreatedSchema>;

export const fetchEntreprises = (signal?: AbortSignal) =>
  http.list<Entreprise>('/api/Entreprise', 'entreprises', { signal });

/** POST /api/Entreprise (Admin): NomEntreprise, Adresse, Telephone, Siret. */
export const createEntreprise = (payload: EntrepriseCreateInput) =>
  http.post<EntrepriseCreated>('/api/Entreprise', payload);

/** PUT /api/Entreprise/{id} with the reporting time zone alone (an Admin's setting, docs/dashboard.md). */
export const updateEntrepriseTimeZone = (entrepriseId: number, timeZone: string) =>
  http.put<Entreprise>(`/api/Entreprise/${entrepriseId}`, { timeZone });
