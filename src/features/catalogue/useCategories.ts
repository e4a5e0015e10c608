// The company's categories, read on each visit of a page ('Erreur lors de la récupération des catégories').
import { useEffect } from 'react';

import type { Category } from '#domain/category';

import { useCategoriesQuery } from '../../api/queries/catalogue';

export const CATEGORIES_ERROR = 'Erreur lors de la récupération des catégories';

const NO_CATEGORIES: Category[] = [];

export function useCategories() {
  const query = useCategoriesQuery();
  useEffect(() => {
    if (query.error) console.error(CATEGORIES_ERROR, query.error);
  }, [query.error]);
  return {
    categories: query.data ?? NO_CATEGORIES,
    loading: query.isFetching,
    error: query.isError ? CATEGORIES_ERROR : null,
  };
}
