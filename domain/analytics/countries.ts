// Country labels in French (docs/product.md §1.5): codes and English names map to French names; any other
// name gets its first letter upper-cased. The geo chart knows about 40 codes.
const BY_CODE: Record<string, string> = {
  FR: 'France',
  US: 'États-Unis',
  GB: 'Royaume-Uni',
  UK: 'Royaume-Uni',
  DE: 'Allemagne',
  ES: 'Espagne',
  IT: 'Italie',
  BE: 'Belgique',
  CH: 'Suisse',
  CA: 'Canada',
  LU: 'Luxembourg',
  NL: 'Pays-Bas',
  PT: 'Portugal',
  AT: 'Autriche',
  IE: 'Irlande',
  DK: 'Danemark',
  SE: 'Suède',
  NO: 'Norvège',
  FI: 'Finlande',
  PL: 'Pologne',
  CZ: 'Tchéquie',
  GR: 'Grèce',
  HU: 'Hongrie',
  RO: 'Roumanie',
  MA: 'Maroc',
  DZ: 'Algérie',
  TN: 'Tunisie',
  SN: 'Sénégal',
  CI: "Côte d'Ivoire",
  MC: 'Monaco',
  JP: 'Japon',
  CN: 'Chine',
  IN: 'Inde',
  BR: 'Brésil',
  MX: 'Mexique',
  AU: 'Australie',
  AE: 'Émirats arabes unis',
  RU: 'Russie',
  TR: 'Turquie',
  IL: 'Israël',
  KR: 'Corée du Sud',
  ZA: 'Afrique du Sud',
  AR: 'Argentine',
};

const BY_ENGLISH_NAME: Record<string, string> = {
  france: 'France',
  'united states': 'États-Unis',
  usa: 'États-Unis',
  'united kingdom': 'Royaume-Uni',
  germany: 'Allemagne',
  spain: 'Espagne',
  italy: 'Italie',
  belgium: 'Belgique',
  switzerland: 'Suisse',
  canada: 'Canada',
};

/** The data's value for an event without a country (docs/product.md §1.3): kept as is in the figures. */
export const UNKNOWN_COUNTRY = 'Unknown';

/** What the screen and the exports show for a geo label: "Pays inconnu" for the data's "Unknown". */
export const countryShown = (label: string): string => (label === UNKNOWN_COUNTRY ? 'Pays inconnu' : label);

/** The number of country codes the geo chart names in French. */
export const KNOWN_COUNTRY_CODES = Object.keys(BY_CODE).length;

/** French display name of a country code or name ("FR" -> "France", "germany" -> "Allemagne"). */
export function countryLabel(raw: string | null | undefined): string {
  const value = String(raw ?? '').trim();
  if (!value) return UNKNOWN_COUNTRY;
  const code = BY_CODE[value.toUpperCase()];
  if (code && value.length <= 3) return code;
  const english = BY_ENGLISH_NAME[value.toLowerCase()];
  if (english) return english;
  return value.charAt(0).toUpperCase() + value.slice(1);
}
