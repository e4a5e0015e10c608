// The notes of the dashboard's time chart (server/analytics/routes/annotations.ts).
import type { Annotation, AnnotationPayload } from '#domain/annotation';

import { http } from './http';

export const fetchAnnotations = (entrepriseId: number, signal?: AbortSignal) =>
  http.list<Annotation>(`/api/Annotation/Entreprise/${entrepriseId}`, 'notes', { signal });

export const createAnnotation = (entrepriseId: number, payload: AnnotationPayload) =>
  http.post<Annotation>(`/api/Annotation/Entreprise/${entrepriseId}`, payload);

export const deleteAnnotation = (id: number) => http.delete<void>(`/api/Annotation/${id}`);
