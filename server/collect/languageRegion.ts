// The visitor's country when the operator has no IP database (docs/viewer.md, "Country"): the region of
// the browser's preferred language, from Accept-Language ("fr-FR,fr;q=0.9" → FR). It says where the
// browser is set up for, not where the visitor is: an approximation, but one that needs no data under a
// licence the project cannot ship, and that tells nothing about the visitor's address.

/** Accept-Language is cut to this many characters and tags before parsing: a bounded cost per batch. */
const MAX_HEADER = 256;
const MAX_TAGS = 12;

/** CLDR region codes that are not one country (EU, the UN, pseudo-locales, "unknown region"). */
const NOT_A_COUNTRY = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

function regionOfTag(tag: string): string | null {
  try {
    // Intl.Locale reads scripts and variants (zh-Hans-CN, de-DE-1996) and canonicalises (en-UK → GB).
    const region = new Intl.Locale(tag).region;
    if (!region || !/^[A-Z]{2}$/.test(region) || NOT_A_COUNTRY.has(region)) return null;
    return regionNames.of(region) ? region : null;
  } catch {
    return null; // "*", private-use or malformed tags
  }
}

/**
 * The ISO 3166-1 alpha-2 region of the most preferred language tag that names one (by q, then order), or
 * null when none does ("fr", "*", no header).
 */
export function regionOfLanguages(header: string | string[] | undefined): string | null {
  const raw = Array.isArray(header) ? header.join(',') : header;
  if (!raw) return null;
  const tags = raw
    .slice(0, MAX_HEADER)
    .split(',')
    .slice(0, MAX_TAGS)
    .map((part, order) => {
      const [tag, ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => /^q=/i.test(p));
      return { tag, order, weight: q === undefined ? 1 : Number(q.slice(2)) };
    })
    .filter((t) => t.tag && Number.isFinite(t.weight) && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { tag } of tags) {
    const region = regionOfTag(tag);
    if (region) return region;
  }
  return null;
}
