// The company's categories, loaded once per page (spec 8: 'Erreur lors de la récupération des catégories').
import { useCallback, useEffect, useState } from 'react';

import { fetchCategories } from '../../api/catalogue';
import type { Category } from '../../domain/category';

export const CATEGORIES_ERROR = 'Erreur lors de la récupération des catégories';

export function useCategories() {
  const [categories, setCategories] = useState<Category[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchCategories(controller.signal)
      .then((list) => {
        setCategories(list);
        setError(null);
      })
      .catch((err) => {
        if (err?.name === 'AbortError') return;
        console.error(CATEGORIES_ERROR, err);
        setError(CATEGORIES_ERROR);
      })
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { categories, loading, error, reload };
}
