// The product images: up to 20, with previews and their count; a selection that would pass 20 is refused
// with the spec's message.
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef } from 'react';

import { MAX_IMAGES, PRODUCT_FILES, PRODUCT_MESSAGES } from '../../domain/product';

interface Props {
  images: File[];
  onChange: (images: File[]) => void;
  error?: string;
  onError: (message: string | null) => void;
}

export function ImagesPicker({ images, onChange, error, onError }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const previews = useMemo(() => images.map((f) => URL.createObjectURL(f)), [images]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const add = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (!chosen.length) return;
    if (images.length + chosen.length > MAX_IMAGES) {
      onError(PRODUCT_MESSAGES.tooManyImages);
      return;
    }
    onError(null);
    onChange([...images, ...chosen]);
  };

  return (
    <div className="field wide file-picker">
      <label htmlFor="product-images">Images du produit</label>
      <input
        ref={input}
        id="product-images"
        type="file"
        multiple
        accept={PRODUCT_FILES.CheminImageGroupe.accept}
        onChange={(e) => add(e.target.files)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'product-images-error' : undefined}
      />
      <span className="image-count" aria-live="polite">
        {images.length} / {MAX_IMAGES} images
      </span>
      {images.length > 0 && (
        <div className="image-previews">
          {images.map((f, i) => (
            <figure className="image-preview" key={previews[i]}>
              <img src={previews[i]} alt={f.name} />
              <Button
                type="button"
                icon="pi pi-times"
                rounded
                severity="danger"
                size="small"
                aria-label={`Retirer l'image ${f.name}`}
                onClick={() => onChange(images.filter((_, k) => k !== i))}
              />
            </figure>
          ))}
        </div>
      )}
      {error && (
        <small className="field-error" id="product-images-error">
          {error}
        </small>
      )}
    </div>
  );
}
