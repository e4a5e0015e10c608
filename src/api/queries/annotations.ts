// A company's chart notes as server state: read by the dashboard, changed by its "Notes" section.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { Annotation, AnnotationPayload } from '#domain/annotation';

import { createAnnotation, deleteAnnotation, fetchAnnotations } from '../annotations';

export const annotationKeys = { company: (id: number | null) => ['annotations', id] as const };

export function useAnnotationsQuery(entrepriseId: number | null) {
  return useQuery({
    queryKey: annotationKeys.company(entrepriseId),
    queryFn: ({ signal }) => fetchAnnotations(entrepriseId!, signal),
    enabled: entrepriseId !== null,
  });
}

export function useCreateAnnotationMutation(entrepriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: AnnotationPayload) => createAnnotation(entrepriseId, payload),
    onSuccess: (created) =>
      void client.setQueryData<Annotation[]>(annotationKeys.company(entrepriseId), (list) =>
        [...(list ?? []), created].sort((a, b) => a.jour.localeCompare(b.jour) || a.id - b.id),
      ),
  });
}

export function useDeleteAnnotationMutation(entrepriseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteAnnotation(id),
    onSuccess: (_answer, id) =>
      void client.setQueryData<Annotation[]>(annotationKeys.company(entrepriseId), (list) =>
        list?.filter((a) => a.id !== id),
      ),
  });
}
