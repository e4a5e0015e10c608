import type { EntrepriseCreateInput } from '../domain/entreprise';
import { http } from './http';

export interface Entreprise {
  entrepriseId: number;
  nomEntreprise: string;
  dateValidCatalogue?: string | null;
  /** Reporting time zone of the dashboard (absent from another server of the contract: Europe/Paris). */
  timeZone?: string;
}

export const fetchEntreprises = (signal?: AbortSignal) =>
  http.list<Entreprise>('/api/Entreprise', 'entreprises', { signal });

/** POST /api/Entreprise (Admin): NomEntreprise, Adresse, Telephone, Siret. */
export const createEntreprise = (payload: EntrepriseCreateInput) => http.post<Entreprise>('/api/Entreprise', payload);

/** PUT /api/Entreprise/{id} with the reporting time zone alone (an Admin's setting, docs/dashboard.md). */
export const updateEntrepriseTimeZone = (entrepriseId: number, timeZone: string) =>
  http.put<Entreprise>(`/api/Entreprise/${entrepriseId}`, { timeZone });
