import type { EntrepriseCreateInput } from '../domain/entreprise';
import { http } from './http';

export interface Entreprise {
  entrepriseId: number;
  nomEntreprise: string;
  dateValidCatalogue?: string | null;
}

export const fetchEntreprises = (signal?: AbortSignal) => http.list<Entreprise>('/api/Entreprise', 'entreprises', { signal });

/** POST /api/Entreprise (Admin): NomEntreprise, Adresse, Telephone, Siret. */
export const createEntreprise = (payload: EntrepriseCreateInput) => http.post<Entreprise>('/api/Entreprise', payload);
