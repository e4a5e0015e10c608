// The ETags of a product's events, one per representation: the events route sends them and the versions
// route lists them, so the two can never disagree. `version` comes from product_event_versions (renewed by
// the database whenever the product's events change); a product without events has none yet (0). One
// tag per representation: the list, the JSON columns, the binary columns (docs/api.md).
export function eventTags(
  productId: number,
  version: number | string | null,
): { etag: string; columnsEtag: string; binaryEtag: string } {
  const base = `p${productId}-v${version ?? 0}`;
  return { etag: `"${base}"`, columnsEtag: `"${base}-c"`, binaryEtag: `"${base}-b"` };
}
