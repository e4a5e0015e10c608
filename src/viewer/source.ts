// Where the viewer was embedded (docs/viewer.md, "Visit signals"): the host of the frame's referrer and
// its utm_source / utm_medium / utm_campaign, nothing else of that address (never its path, nor any other
// parameter). A page opened directly has no referrer: no source. Most sites send a cross-site frame only
// their origin as referrer (the browsers' default policy): their utm parameters are then unknown.
import { PRINTABLE_TEXT, SOURCE_HOST } from '#domain/sourcePatterns';
import { MAX_HOST_LENGTH, MAX_UTM_LENGTH, type VisitSignals } from '#domain/visitMeasure';

type Source = NonNullable<VisitSignals['source']>;

/** Printable characters only, at most MAX_UTM_LENGTH UTF-16 units, never cutting a character in two. */
function utm(value: string | null): string | undefined {
  let out = '';
  for (const ch of (value ?? '').trim()) {
    if (!PRINTABLE_TEXT.test(ch)) continue;
    if (out.length + ch.length > MAX_UTM_LENGTH) break;
    out += ch;
  }
  return out || undefined;
}

export function visitSource(referrer: string): Source | undefined {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  // URL.hostname is lower case and in punycode; an IP v6 literal ([…]) is not sent.
  const host = url.hostname.replace(/\.$/, '');
  if (host.length > MAX_HOST_LENGTH || !SOURCE_HOST.test(host)) return undefined;
  const source: Source = { host };
  const utmSource = utm(url.searchParams.get('utm_source'));
  const utmMedium = utm(url.searchParams.get('utm_medium'));
  const utmCampaign = utm(url.searchParams.get('utm_campaign'));
  if (utmSource) source.utmSource = utmSource;
  if (utmMedium) source.utmMedium = utmMedium;
  if (utmCampaign) source.utmCampaign = utmCampaign;
  return source;
}
