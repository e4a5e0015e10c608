// The analytics summary calls of docs/product.md §1.7, read with the spec's loose field names. The events
// themselves are fetched by the analytics worker (workers/analytics/fetch.ts), never on the main thread.
import { readGeo, readJourney, readSummary } from '../domain/analytics/fields';
import { http } from './http';

export const fetchProductSummary = async (productId: number, signal?: AbortSignal) =>
  readSummary(await http.get(`/api/ProductStatistics/Product/${productId}/summary`, { signal }));

export const fetchCompanySummary = async (companyId: number, signal?: AbortSignal) =>
  readSummary(await http.get(`/api/ProductStatistics/Entreprise/${companyId}/summary`, { signal }));

export const fetchProductGeo = async (productId: number, signal?: AbortSignal) =>
  readGeo(await http.get(`/api/ProductStatistics/geo/Product/${productId}`, { signal }));

export const fetchProductJourney = async (productId: number, signal?: AbortSignal) =>
  readJourney(await http.get(`/api/UserJourney/Product/${productId}/summary`, { signal }));
