// The insight section's filters in the dashboard's URL (docs/dashboard.md "3D and AR insight"): `source`,
// `campagne`, `pays`, `appareil`, `plateforme`, read once with the selection and written back with it. A value
// the rules refuse (an unknown device or platform, a text too long or empty) falls back to "all".
import { MAX_HOST_LENGTH, MAX_UTM_LENGTH } from '../visitSignals';
import { type InsightFilters, isArPlatform, isDeviceClass } from './insightsView';

const MAX_COUNTRY_LENGTH = 100;

const text = (v: string | null, max: number): string | null => {
  const t = v?.trim() ?? '';
  return t && t.length <= max ? t : null;
};

export function filtersFromParams(p: URLSearchParams): InsightFilters {
  const device = p.get('appareil');
  const platform = p.get('plateforme');
  return {
    source: text(p.get('source'), MAX_HOST_LENGTH),
    campaign: text(p.get('campagne'), MAX_UTM_LENGTH),
    country: text(p.get('pays'), MAX_COUNTRY_LENGTH),
    device: isDeviceClass(device) ? device : null,
    platform: isArPlatform(platform) ? platform : null,
  };
}

/** Adds the filters set to `p` (defaults left out), in place. */
export function filtersToParams(f: InsightFilters, p: URLSearchParams): URLSearchParams {
  if (f.source) p.set('source', f.source);
  if (f.campaign) p.set('campagne', f.campaign);
  if (f.country) p.set('pays', f.country);
  if (f.device) p.set('appareil', f.device);
  if (f.platform) p.set('plateforme', f.platform);
  return p;
}
