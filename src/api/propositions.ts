// Propositions, their files and their share links (docs/product.md §2.7).
import type { Proposition, StatusLabel } from '#domain/proposition';

import { API_BASE, http } from './http';

const id = (v: number | string) => encodeURIComponent(String(v));

export const fetchProposition = (propositionId: number | string, signal?: AbortSignal) =>
  http.get<Proposition>(`/api/Propositions/${id(propositionId)}`, { signal });

/** PUT with the whole proposition, carrying the new description. */
export const updateProposition = (p: Proposition, description: string) =>
  http.put<Proposition>(`/api/Propositions/${p.propositionId}`, { ...p, description });

/** The body is a JSON string holding the label. */
export const updatePropositionStatus = (propositionId: number, status: StatusLabel) =>
  http.put<Proposition>(`/api/Propositions/updateStatus/${propositionId}`, status);

export const deleteProposition = (propositionId: number) => http.delete<void>(`/api/Propositions/${propositionId}`);

export const generateVideoLink = (propositionId: number) =>
  http.post<{ link: string; expiresAt?: string }>(`/api/Video/generate-link/${propositionId}`);

export const fetchLinkExpiration = (propositionId: number, signal?: AbortSignal) =>
  http.get<{ expirationDate: string }>(`/api/video/expiration/${propositionId}`, { signal });

export const downloadPdf = (propositionId: number) => http.blob(`api/Uploader/downloadPDF/${propositionId}`);

export const fetchVideo = (propositionId: number) => http.blob(`/api/Video/watch/${propositionId}`);

/** The relative link, prefixed with the API base (or this page's origin when the API is same-origin). */
export function absoluteLink(link: string): string {
  if (/^https?:\/\//i.test(link)) return link;
  const base = API_BASE || globalThis.location?.origin || '';
  return `${base}${link.startsWith('/') ? link : `/${link}`}`;
}
