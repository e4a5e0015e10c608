// Readers of the loosely named fields of the contract (docs/product.md §1.3): events, products, summaries, geo and
// journey answers. The provider's service and ours may spell them differently; these accept every spelling.
import { UNKNOWN_COUNTRY } from './countries';

type Obj = Record<string, unknown>;

const SESSION_KEYS = ['userSessionId', 'userSessionID', 'sessionId', 'userId', 'userID'];
const AR_KEYS = ['ar_Try', 'arTry', 'ar_try', 'ar', 'arUsage', 'ar_usage'];
const COUNTRY_KEYS = ['country', 'Country', 'countryCode', 'CountryCode'];

export const UNKNOWN_SESSION = 'unknown';

/** A flag is set when its value is true, 1, "true" or "1". */
export function isTrue(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

/** A JSON scalar as text (as String() would); an object or an array, which no field should be, as JSON. */
export function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' || v == null) return String(v);
  return JSON.stringify(v) ?? '';
}

export function eventSession(e: Obj): string {
  for (const k of SESSION_KEYS) {
    const v = e[k];
    if (v !== undefined && v !== null && v !== '') return scalarText(v);
  }
  return UNKNOWN_SESSION;
}

/** The AR-try flag under any spelling, including any property whose name contains "ar". */
export function eventArTry(e: Obj): boolean {
  for (const k of AR_KEYS) if (k in e) return isTrue(e[k]);
  for (const k of Object.keys(e)) if (k.toLowerCase().includes('ar') && isTrue(e[k])) return true;
  return false;
}

export function eventCountry(e: Obj): string {
  for (const k of COUNTRY_KEYS) {
    const v = e[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return UNKNOWN_COUNTRY;
}

/** Milliseconds since the epoch, or NaN when the event has no usable timestamp. */
export function eventTime(e: Obj): number {
  const v = e.timestamp;
  if (v === undefined || v === null || v === '') return NaN;
  return typeof v === 'number' ? v : Date.parse(scalarText(v));
}

export interface ProductRef {
  id: number;
  name: string;
}

/** A product of a company: id from produitId | modelId | id, name from nomModel | nomProduit | name. */
export function readProduct(p: Obj): ProductRef | null {
  const id = Number(p.produitId ?? p.modelId ?? p.id);
  if (!Number.isFinite(id)) return null;
  const name = [p.nomModel, p.nomProduit, p.name].find((v) => typeof v === 'string' && v.trim());
  return { id, name: (name as string | undefined) ?? `Produit ${id}` };
}

export interface Summary {
  total: number;
  consultations: number;
  iframes: number;
  arTries: number;
  conversions: number;
}

const num = (...values: unknown[]) => {
  for (const v of values) if (v !== undefined && v !== null && Number.isFinite(Number(v))) return Number(v);
  return 0;
};

export function readSummary(s: Obj | null | undefined): Summary {
  const o = s ?? {};
  return {
    total: num(o.total, o.totalEvents),
    consultations: num(o.consultations, o.totalConsultations),
    iframes: num(o.iframes, o.totalIframes, o.iframeInteractions),
    arTries: num(o.arTries, o.totalARTries),
    conversions: num(o.conversions, o.totalConversions),
  };
}

export interface GeoItem {
  label: string;
  value: number;
}

/** A geo answer: {byCountry: [...]}, {byCity: [...]} or a plain list; items labelled and counted loosely. */
export function readGeo(data: unknown): GeoItem[] {
  const o = (data ?? {}) as Obj;
  const list = Array.isArray(data)
    ? data
    : Array.isArray(o.byCountry)
      ? o.byCountry
      : Array.isArray(o.byCity)
        ? o.byCity
        : [];
  return (list as Obj[]).map((i) => ({
    label: scalarText(i.country ?? i.name ?? i.key ?? i.city ?? UNKNOWN_COUNTRY),
    value: num(i.count, i.visitorCount, i.value),
  }));
}

export interface JourneyStep {
  name: string;
  count: number;
}

export function readJourney(data: unknown): JourneyStep[] {
  const o = (data ?? {}) as Obj;
  const list = Array.isArray(data)
    ? data
    : Array.isArray(o.$values)
      ? o.$values
      : Array.isArray(o.values)
        ? o.values
        : Array.isArray(o.steps)
          ? o.steps
          : [];
  return (list as Obj[]).map((s) => ({ name: scalarText(s.stepName ?? s.name ?? ''), count: num(s.count, s.total) }));
}
