// The catalogue as server state (docs/architecture.md, "Server state on the client"). The catalogue is
// written step by step by the product flow pages (product, models, options, subdivisions, palettes) and by
// other people of the company: its queries are read again on each visit (staleTime 0), the cache only
// shares one request between the readers of a page and keeps the last answer on screen meanwhile.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { CategoryCreate } from '#domain/category';

import {
  createCategory,
  createCouleur,
  createModel,
  createOption,
  createProduct,
  createSousOptions,
  deleteCategory,
  deleteProduct,
  type EntrepriseDetail,
  fetchCatalogueFile,
  fetchCategories,
  fetchCouleurs,
  fetchEntreprise,
  fetchGroupeModel,
  fetchGroupeModels,
  fetchModels,
  fetchViewerModelUrl,
  updateEntreprise,
  updateProduct,
} from '../catalogue';
import { useEntrepriseSaved } from './entreprises';
import { objectUrlKeys, objectUrlQuery } from './objectUrls';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  groupeModels: () => [...catalogueKeys.all, 'groupeModels'] as const,
  groupeModel: (id: number) => [...catalogueKeys.all, 'groupeModel', id] as const,
  models: (groupId?: number) => [...catalogueKeys.all, 'models', groupId ?? 'all'] as const,
  couleurs: () => [...catalogueKeys.all, 'couleurs'] as const,
  entreprise: (id: number) => [...catalogueKeys.all, 'entreprise', id] as const,
  viewerModel: (key: string) => [...catalogueKeys.all, 'viewerModel', key] as const,
};

const everyVisit = { staleTime: 0 } as const;

export function useCategoriesQuery() {
  return useQuery({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => fetchCategories(signal),
    ...everyVisit,
  });
}

export function useGroupeModelsQuery() {
  return useQuery({
    queryKey: catalogueKeys.groupeModels(),
    queryFn: ({ signal }) => fetchGroupeModels(signal),
    ...everyVisit,
  });
}

export function useGroupeModelQuery(id: number | null) {
  return useQuery({
    queryKey: catalogueKeys.groupeModel(id ?? 0),
    queryFn: ({ signal }) => fetchGroupeModel(id ?? 0, signal),
    enabled: id !== null,
    ...everyVisit,
  });
}

/** The model a product's viewer shows (its public key's GET /api/viewer/{key}), to draw it in the back-office. */
export function useViewerModelQuery(key: string | null) {
  return useQuery({
    queryKey: catalogueKeys.viewerModel(key ?? ''),
    queryFn: ({ signal }) => fetchViewerModelUrl(key ?? '', signal),
    enabled: key !== null,
  });
}

export function useModelsQuery(groupId?: number | null, enabled = true) {
  return useQuery({
    queryKey: catalogueKeys.models(groupId ?? undefined),
    queryFn: ({ signal }) => fetchModels(groupId ?? undefined, signal),
    enabled: enabled && groupId !== null,
    ...everyVisit,
  });
}

export function useCouleursQuery() {
  return useQuery({
    queryKey: catalogueKeys.couleurs(),
    queryFn: ({ signal }) => fetchCouleurs(signal),
    ...everyVisit,
  });
}

export function useCatalogueEntrepriseQuery(id: number | null) {
  return useQuery({
    queryKey: catalogueKeys.entreprise(id ?? 0),
    queryFn: ({ signal }) => fetchEntreprise(id ?? 0, signal),
    enabled: id !== null,
    ...everyVisit,
  });
}

/** A stored catalogue file (a product's image) as an object URL. */
export function useCatalogueFileUrlQuery(fileKey: string) {
  return useQuery(
    objectUrlQuery(objectUrlKeys.catalogueFile(fileKey), (signal) => fetchCatalogueFile(fileKey, signal)),
  );
}

/**
 * A write of the catalogue, marking what it changes stale once the server stored it: the queries on screen
 * are read again (not awaited: the screen's own flow goes on, as the list is read on each visit anyway).
 */
function useCatalogueWrite<TVariables, TData>(
  write: (variables: TVariables) => Promise<TData>,
  changes: readonly unknown[] = catalogueKeys.all,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => void client.invalidateQueries({ queryKey: changes }),
  });
}

export const useCreateCategoryMutation = () =>
  useCatalogueWrite((payload: CategoryCreate) => createCategory(payload), catalogueKeys.categories());
/** A category deleted takes its sub-categories with it and leaves products without it: the whole catalogue. */
export const useDeleteCategoryMutation = () => useCatalogueWrite((id: number) => deleteCategory(id));
export const useCreateProductMutation = () => useCatalogueWrite((form: FormData) => createProduct(form));
export const useUpdateProductMutation = () =>
  useCatalogueWrite(({ id, form }: { id: number; form: FormData }) => updateProduct(id, form));
export const useDeleteProductMutation = () => useCatalogueWrite((id: number) => deleteProduct(id));
export const useCreateModelMutation = () => useCatalogueWrite((form: FormData) => createModel(form));
export const useCreateOptionMutation = () =>
  useCatalogueWrite((payload: Parameters<typeof createOption>[0]) => createOption(payload));
export const useCreateSousOptionsMutation = () => useCatalogueWrite((form: FormData) => createSousOptions(form));
export const useCreateCouleurMutation = () =>
  useCatalogueWrite((payload: Parameters<typeof createCouleur>[0]) => createCouleur(payload), catalogueKeys.couleurs());

/** 'Ajouter Nuancier': the company's catalogue date, stored as the server answered it (here and in the list). */
export function useValidateCatalogueMutation() {
  const client = useQueryClient();
  const listSaved = useEntrepriseSaved();
  return useMutation({
    mutationFn: (change: Pick<EntrepriseDetail, 'entrepriseId' | 'nomEntreprise' | 'dateValidCatalogue'>) =>
      updateEntreprise(change),
    onSuccess: (saved) => {
      client.setQueryData(catalogueKeys.entreprise(saved.entrepriseId), saved);
      listSaved(saved);
    },
  });
}

/** The "Intégration" screen's save: the viewer settings, stored as the server answered them. */
export function useUpdateViewerSettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Pick<EntrepriseDetail, 'entrepriseId' | 'quoteUrl' | 'frameOrigins'>) =>
      updateEntreprise(change),
    onSuccess: (saved) => client.setQueryData(catalogueKeys.entreprise(saved.entrepriseId), saved),
  });
}

/**
 * Reads a company's settings when asked (the copy button's check that a site is declared), from the cache
 * when the screen read them in the last 30 s: no request while the catalogue merely shows its products.
 */
export function useEntrepriseReader() {
  const client = useQueryClient();
  return useCallback(
    (id: number) =>
      client.fetchQuery({
        queryKey: catalogueKeys.entreprise(id),
        queryFn: ({ signal }) => fetchEntreprise(id, signal),
        staleTime: 30_000,
      }),
    [client],
  );
}
