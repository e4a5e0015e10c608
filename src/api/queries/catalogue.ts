// The catalogue as server state (docs/architecture.md, "Server state on the client"). The catalogue is
// written step by step by the product flow pages (product, models, options, subdivisions, palettes) and by
// other people of the company: its queries are read again on each visit (staleTime 0), the cache only
// shares one request between the readers of a page and keeps the last answer on screen meanwhile.
import { useQuery, useQueryClient } from '@tanstack/react-query';

import {
  type EntrepriseDetail,
  fetchCategories,
  fetchCouleurs,
  fetchEntreprise,
  fetchGroupeModel,
  fetchGroupeModels,
  fetchModels,
} from '../catalogue';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  groupeModels: () => [...catalogueKeys.all, 'groupeModels'] as const,
  groupeModel: (id: number) => [...catalogueKeys.all, 'groupeModel', id] as const,
  models: (groupId?: number) => [...catalogueKeys.all, 'models', groupId ?? 'all'] as const,
  couleurs: () => [...catalogueKeys.all, 'couleurs'] as const,
  entreprise: (id: number) => [...catalogueKeys.all, 'entreprise', id] as const,
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

export function useCatalogueChanged() {
  const client = useQueryClient();
  return {
    /** Something of the catalogue changed: whatever is on screen is read again. */
    invalidate: () => client.invalidateQueries({ queryKey: catalogueKeys.all }),
    /** The company as the server answered its catalogue validation. */
    entrepriseSaved: (entreprise: EntrepriseDetail) =>
      client.setQueryData(catalogueKeys.entreprise(entreprise.entrepriseId), entreprise),
  };
}
