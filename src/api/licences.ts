// Licences of a user and licence types (docs/product.md §2.7, "Licences").
import type { Licence, LicenceCreateInput, LicenceType } from '#domain/licence';

import { http } from './http';

export const fetchLicences = (userId: number, signal?: AbortSignal) =>
  http.list<Licence>(`/api/Licence/User/${userId}`, 'licences', { signal });
export const fetchLicenceTypes = (signal?: AbortSignal) =>
  http.list<LicenceType>('/api/TypeLicence', 'licence types', { signal });
export const createLicence = (payload: LicenceCreateInput) => http.post<Licence>('/api/Licence', payload);
export const updateLicenceExpiry = (licenceId: number, date: Date | null) =>
  http.put<Licence>(`/api/Licence/${licenceId}`, { LicenceId: licenceId, DateExpiration: date?.toISOString() ?? null });
export const updateLicenceActivation = (licenceId: number, date: Date | null) =>
  http.put<Licence>(`/api/Licence/${licenceId}/dateactivation`, {
    LicenceId: licenceId,
    DateActivation: date?.toISOString() ?? null,
  });
export const deleteLicence = (licenceId: number) => http.delete<void>(`/api/Licence/${licenceId}`);
