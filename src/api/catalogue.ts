// Calls of the catalogue (docs/product.md §2.7 "Catalogue"): categories, product groups, models, options,
// sub-options, colours, the company's catalogue date, and downloads of stored catalogue files.
import type { z } from 'zod';

import type { Category, CategoryCreate } from '#domain/category';
import type { entrepriseDetailSchema } from '#domain/entreprise';
import type { Couleur, CouleurPayload, Option, OptionPayload, SousOption } from '#domain/option';
import { fileUrl, type GroupeModel, type Model } from '#domain/product';

import type { ContractAnswer } from './contract';
import { ApiError, http, send } from './http';

/**
 * One company with its settings (GET and PUT /api/Entreprise/{id}): the route's response schema
 * (domain/entreprise.ts); the settings are this server's additions.
 */
export type EntrepriseDetail = ContractAnswer<
  z.infer<typeof entrepriseDetailSchema>,
  'quoteUrl' | 'frameOrigins' | 'timeZone'
>;

export const fetchCategories = (signal?: AbortSignal) =>
  http.list<Category>('/api/Categorie', 'categories', { signal });
export const createCategory = (payload: CategoryCreate) => http.post<Category>('/api/Categorie', payload);
export const deleteCategory = (id: number) => http.delete<void>(`/api/Categorie/${id}`);

export const fetchGroupeModels = (signal?: AbortSignal) =>
  http.list<GroupeModel>('/api/GroupeModel', 'GroupModels', { signal });
export const fetchGroupeModel = (id: number, signal?: AbortSignal) =>
  http.get<GroupeModel>(`/api/GroupeModel/${id}`, { signal });
/** GET /api/viewer/{key}: the public viewer's data, of which the back-office reads the model's URL. */
export const fetchViewerModelUrl = async (key: string, signal?: AbortSignal) =>
  (await http.get<{ modelUrl: string | null }>(`/api/viewer/${encodeURIComponent(key)}`, { signal })).modelUrl ?? null;

/** POST /api/Model/ModelWithGroup: success is HTTP 201 with {idGroupeModel}. */
export async function createProduct(form: FormData): Promise<{ idGroupeModel: number }> {
  const response = await send('POST', '/api/Model/ModelWithGroup', { body: form });
  if (response.status !== 201) throw new ApiError(response.status, `Réponse inattendue (HTTP ${response.status})`);
  return (await response.json()) as { idGroupeModel: number };
}

/** PUT /api/GroupeModel/{id}: the creation form's fields and files (sent files replace, Retirer empties). */
export const updateProduct = (id: number, form: FormData) => http.put<GroupeModel>(`/api/GroupeModel/${id}`, form);
/** DELETE /api/GroupeModel/{id}: 409 while statistics refer to the product. */
export const deleteProduct = (id: number) => http.delete<void>(`/api/GroupeModel/${id}`);

export const fetchModels = (groupId?: number, signal?: AbortSignal) =>
  http.list<Model>(groupId ? `/api/Model?groupId=${groupId}` : '/api/Model', 'Models', { signal });
export const createModel = (form: FormData) => http.post<Model>('/api/Model', form);

export const createOption = (payload: OptionPayload) => http.post<Option>('/api/Option', payload);
export const fetchOptions = (groupId: number, signal?: AbortSignal) =>
  http.list<Option>(`/api/Option/GroupeModel/${groupId}`, 'options', { signal });
export const createSousOption = (form: FormData) => http.post<SousOption>('/api/SousOption', form);
/** Every row of a sub-option table in one request, stored all or nothing (IdModel, Rows JSON, SousIcone_i). */
export const createSousOptions = (form: FormData) => http.post<unknown>('/api/SousOption/Batch', form);

export const fetchCouleurs = (signal?: AbortSignal) => http.list<Couleur>('/api/Couleur', 'couleurs', { signal });
export const createCouleur = (payload: CouleurPayload) => http.post<Couleur>('/api/Couleur', payload);

export const fetchEntreprise = (id: number, signal?: AbortSignal) =>
  http.get<EntrepriseDetail>(`/api/Entreprise/${id}`, { signal });
/** PUT /api/Entreprise/{id}: the fields sent change, the others stay (the catalogue sends its date). */
export const updateEntreprise = (e: Pick<EntrepriseDetail, 'entrepriseId'> & Partial<EntrepriseDetail>) =>
  http.put<EntrepriseDetail>(`/api/Entreprise/${e.entrepriseId}`, e);

/** A stored catalogue file as a Blob (the bearer header is needed, so no plain <a href>). */
export const fetchCatalogueFile = (key: string, signal?: AbortSignal) => http.blob(fileUrl(key), { signal });
