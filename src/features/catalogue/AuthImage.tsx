// An image of the catalogue: fetched with the bearer token (an <img src> cannot send it), shown through the
// object URL its query holds (src/api/queries/objectUrls.ts).
import { fetchCatalogueFile } from '../../api/catalogue';
import { useCatalogueFileUrlQuery } from '../../api/queries/catalogue';
import { useLoggedError } from '../../api/queries/useLoggedError';

export function AuthImage({ fileKey, alt, className }: { fileKey: string; alt: string; className?: string }) {
  const { data: url, error } = useCatalogueFileUrlQuery(fileKey);
  useLoggedError(error, 'Image du catalogue indisponible');
  return url ? (
    <img src={url} alt={alt} className={className} />
  ) : (
    <div className={className} role="img" aria-label={alt} />
  );
}

/** Saves a stored catalogue file under a readable name. */
export async function downloadCatalogueFile(key: string, name: string): Promise<void> {
  const blob = await fetchCatalogueFile(key);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}${key.slice(key.lastIndexOf('.'))}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
