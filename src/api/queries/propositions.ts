// Propositions as server state (docs/architecture.md, "Server state on the client"): one proposition, its
// share link's expiry and its video; each change also marks the customers stale (lists, badge, detail).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import type { Proposition, StatusLabel } from '#domain/proposition';

import { isAbortError } from '../http';
import {
  deleteProposition,
  fetchLinkExpiration,
  fetchProposition,
  fetchVideo,
  generateVideoLink,
  updateProposition,
  updatePropositionStatus,
} from '../propositions';
import { useInvalidateCustomers } from './customers';
import { objectUrlKeys, objectUrlQuery } from './objectUrls';

export const propositionKeys = {
  all: ['propositions'] as const,
  detail: (id: number | string) => [...propositionKeys.all, 'detail', String(id)] as const,
  linkExpiration: (id: number) => [...propositionKeys.all, 'linkExpiration', id] as const,
};

export const isPropositionId = (id: string | undefined): id is string => !!id && /^\d+$/.test(id);

/** One proposition; disabled for an id that cannot be one (the caller says so). */
export function usePropositionQuery(id: string | undefined) {
  return useQuery({
    queryKey: propositionKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchProposition(id ?? '', signal),
    enabled: isPropositionId(id),
  });
}

/** The share link's expiry, once a link exists. A failure (a 404: no link) is only logged (docs/product.md §2.7). */
export function useLinkExpirationQuery(propositionId: number, hasLink: boolean) {
  return useQuery({
    queryKey: propositionKeys.linkExpiration(propositionId),
    queryFn: ({ signal }) =>
      fetchLinkExpiration(propositionId, signal).then(
        (r) => r.expirationDate,
        (err: unknown) => {
          if (!isAbortError(err)) console.warn('Expiration du lien indisponible', err);
          throw err;
        },
      ),
    enabled: hasLink,
  });
}

/**
 * The video played in the page: `load()` downloads it (rejecting as the download does), then `url` holds
 * it until the page is left, when the object URL is revoked (`gcTime: 0`).
 */
export function usePropositionVideo(propositionId: number) {
  const client = useQueryClient();
  const options = objectUrlQuery(objectUrlKeys.video(propositionId), () => fetchVideo(propositionId), 0);
  const [shown, setShown] = useState(false);
  // Observed from the start (disabled), so the downloaded video stays in the cache while the page is open.
  const { data } = useQuery({ ...options, enabled: false });
  return {
    url: shown ? data : undefined,
    load: async () => {
      await client.fetchQuery(options);
      setShown(true);
    },
  };
}

/** After a change of a proposition: its customer's detail, the lists and the badge are read again. */
function useChanged() {
  const client = useQueryClient();
  const invalidateCustomers = useInvalidateCustomers();
  return (saved?: Proposition) => {
    if (saved) client.setQueryData(propositionKeys.detail(saved.propositionId), saved);
    void invalidateCustomers();
  };
}

/** A client transition of the status (the page shows it at once, whatever the server answers). */
export function useUpdateStatusMutation() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ propositionId, status }: { propositionId: number; status: StatusLabel }) =>
      updatePropositionStatus(propositionId, status),
    onSuccess: () => changed(),
  });
}

export function useUpdateDescriptionMutation() {
  const changed = useChanged();
  return useMutation({
    mutationFn: ({ proposition, description }: { proposition: Proposition; description: string }) =>
      updateProposition(proposition, description),
    onSuccess: (saved) => changed(saved),
  });
}

/** A new share link: the proposition (its token) and the link's expiry are read again before it resolves. */
export function useGenerateLinkMutation() {
  const client = useQueryClient();
  const changed = useChanged();
  return useMutation({
    mutationFn: async (propositionId: number) => {
      await generateVideoLink(propositionId);
      return fetchProposition(propositionId);
    },
    onSuccess: (fresh) => {
      changed(fresh);
      void client.invalidateQueries({ queryKey: propositionKeys.linkExpiration(fresh.propositionId) });
    },
  });
}

export function useDeletePropositionMutation() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (propositionId: number) => deleteProposition(propositionId),
    onSuccess: () => changed(),
  });
}

/** Drops a deleted proposition from the cache (once its page is left: its query would be read again). */
export function useForgetProposition() {
  const client = useQueryClient();
  return (propositionId: number) => client.removeQueries({ queryKey: propositionKeys.detail(propositionId) });
}
