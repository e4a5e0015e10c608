// The ETags of a product's events, one per representation: the events route sends them and the versions
// route lists them, so the two can never disagree. `version` comes from product_event_versions (renewed by
// the database whenever the product's events change); a product without events has none yet (0). One
// tag per representation: the list, the JSON columns, the binary columns (docs/api.md).
//
// Versions come from one sequence shared by every company: sent as they are, a company reading its own
// tags could count the writes of all the others. A tag is therefore an HMAC of the product and its version
// under a key derived from the server's secret (deps.secretFor): the same for a given version on every
// instance and restart (clients' caches stay valid), different whenever the version changes, and it says
// nothing of the version's value.
import { createHmac } from 'node:crypto';

export interface EventTags {
  etag: string;
  columnsEtag: string;
  binaryEtag: string;
}

export type EventTagger = (productId: number, version: number | string | null) => EventTags;

/** 22 base64url characters: 132 bits of the HMAC. */
const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);

export function eventTagger(key: Buffer): EventTagger {
  return (productId, version) => {
    const base = `p${productId}-${mac(key, `${productId}:${version ?? 0}`)}`;
    return { etag: `"${base}"`, columnsEtag: `"${base}-c"`, binaryEtag: `"${base}-b"` };
  };
}

/** The versions answer's own ETag: names the list of (product, version) pairs, and reveals none of them. */
export function versionsTag(
  key: Buffer,
  entrepriseId: number,
  rows: Array<{ productId: number; version: number | string | null }>,
) {
  const text = rows.map((r) => `${r.productId}:${String(r.version ?? 0)};`).join('');
  return `"e${entrepriseId}-${mac(key, text)}"`;
}

/**
 * The visits answer's ETag: names the company's list of (product, events version, visits version) triples
 * (server/analytics/visitAnswers.ts), and reveals none of them. "v" apart from the versions answer's "e".
 */
export function visitsTag(
  key: Buffer,
  entrepriseId: number,
  rows: Array<{ productId: number; events: string | null; visits: string | null }>,
) {
  const text = rows.map((r) => `${r.productId}:${r.events ?? 0}:${r.visits ?? 0};`).join('');
  return `"v${entrepriseId}-${mac(key, `visits;${text}`)}"`;
}
