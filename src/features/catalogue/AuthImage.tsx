// An image of the catalogue: fetched with the bearer token (an <img src> cannot send it), shown as a blob URL.
import { useEffect, useState } from 'react';

import { fetchCatalogueFile } from '../../api/catalogue';
import { isAbortError } from '../../api/http';

export function AuthImage({ fileKey, alt, className }: { fileKey: string; alt: string; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchCatalogueFile(fileKey, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((err) => !isAbortError(err) && console.error('Image du catalogue indisponible', err));
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileKey]);
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
