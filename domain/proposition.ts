// A proposition (a quote PDF plus a video) as the API answers it, and its display status (docs/product.md §2.4).
import { z } from 'zod';

import { formatDateTimeLong } from './format';
import { boundedText } from './text';

export const videoAccessTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  viewCount: z.number(),
});

export const propositionSchema = z.object({
  propositionId: z.number(),
  customerId: z.number(),
  description: z.string().nullable(),
  dateCreation: z.string(),
  statusName: z.string().nullable(),
  /** Where the video is watched (a relative API path), or null when the proposition has no video. */
  cheminVideo: z.string().nullable(),
  /** True when a quote PDF is stored. */
  hasPdf: z.boolean(),
  videoAccessToken: videoAccessTokenSchema.nullable(),
});
export type Proposition = z.infer<typeof propositionSchema>;

/** The four display labels of docs/product.md §2.4. */
export const STATUS = {
  none: 'Aucune vidéo',
  pending: 'Vidéo non envoyée',
  sent: 'Vidéo envoyée',
  viewed: 'Vidéo vue',
} as const;
export type StatusLabel = (typeof STATUS)[keyof typeof STATUS];
export type StatusStyle = keyof typeof STATUS;

export const STATUS_LABELS = Object.values(STATUS) as [StatusLabel, ...StatusLabel[]];

/** Body of PUT /api/Propositions/updateStatus/{id}: a JSON string holding one of the four labels. */
export const statusUpdateSchema = z.enum(STATUS_LABELS, { error: 'Statut inconnu' });

/** Body of PUT /api/Propositions/{id}: the proposition with its new description (other fields are ignored). */
export const propositionUpdateSchema = z.looseObject({
  description: boundedText({
    max: 2000,
    invalid: 'Description trop longue (2000 caractères max)',
    multiline: true,
  }).nullable(),
});

/** Badge style of a label: none (grey), pending (warning), sent (success), viewed (primary). */
export function statusStyle(label: string | null | undefined): StatusStyle {
  const entry = (Object.entries(STATUS) as Array<[StatusStyle, string]>).find(([, l]) => l === label);
  return entry ? entry[0] : 'none';
}

/** The labels in the order a proposition goes through them: a status shown never goes back in it. */
const STATUS_ORDER: readonly StatusLabel[] = [STATUS.none, STATUS.pending, STATUS.sent, STATUS.viewed];

/** The further of two statuses (docs/decisions.md, "A proposition's status never goes backwards"). */
export const furthestStatus = (a: StatusLabel, b: StatusLabel): StatusLabel =>
  STATUS_ORDER.indexOf(b) > STATUS_ORDER.indexOf(a) ? b : a;

/**
 * Status shown on load of the detail screen: the furthest of the server's status and what the proposition
 * shows of itself: a share link means "Vidéo envoyée", a view counted through it "Vidéo vue".
 */
export function statusOnLoad(
  p: Pick<Proposition, 'cheminVideo' | 'statusName'> & {
    videoAccessToken?: { viewCount?: number | null } | null;
  },
): StatusLabel {
  if (!p.cheminVideo) return STATUS.none;
  const link = p.videoAccessToken;
  const known = !link ? STATUS.pending : link.viewCount ? STATUS.viewed : STATUS.sent;
  return furthestStatus(displayStatus(p), known);
}

/** Status shown in lists: the server's label when it is one of the four, else the one the video implies. */
export function displayStatus(p: Pick<Proposition, 'cheminVideo' | 'statusName'>): StatusLabel {
  if (!p.cheminVideo) return STATUS.none;
  const known = STATUS_LABELS.find((l) => l === p.statusName);
  return known ?? STATUS.pending;
}

/** The public link path (relative) of a share token. */
export const publicVideoPath = (token: string) => `/api/Video/public/${token}`;

/** Expiry in fr-FR with year, month, day and hour (docs/product.md §2.9). */
export function formatExpiryFr(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return formatDateTimeLong(d);
}
