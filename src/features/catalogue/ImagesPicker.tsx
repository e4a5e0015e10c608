// The product images of the product form: up to 20, with previews and their count; a selection that would
// pass 20 is refused with the message of docs/product.md, shown as the field's.
import { Button } from 'primereact/button';
import { useEffect, useMemo } from 'react';
import { useController, useFormContext } from 'react-hook-form';

import { MAX_IMAGES, PRODUCT_FILES, PRODUCT_MESSAGES } from '#domain/product';

import { FormField } from '../../ui/FormField';

const NAME = 'CheminImageGroupe';

export function ImagesPicker() {
  const { setError, clearErrors } = useFormContext();
  const { field } = useController({ name: NAME });
  const images = field.value as File[];
  const previews = useMemo(() => images.map((f) => URL.createObjectURL(f)), [images]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const add = (input: HTMLInputElement) => {
    const chosen = Array.from(input.files ?? []);
    // Emptied, so that choosing the same files again is a change.
    input.value = '';
    if (!chosen.length) return;
    if (images.length + chosen.length > MAX_IMAGES) {
      setError(NAME, { type: 'max', message: PRODUCT_MESSAGES.tooManyImages });
      return;
    }
    clearErrors(NAME);
    field.onChange([...images, ...chosen]);
  };

  return (
    <FormField name={NAME} id="product-images" label="Images du produit" className="field wide file-picker">
      {({ invalid: _invalid, ...a11y }) => (
        <>
          <input
            {...a11y}
            ref={field.ref}
            type="file"
            multiple
            accept={PRODUCT_FILES.CheminImageGroupe.accept}
            onChange={(e) => add(e.currentTarget)}
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
                    onClick={() => field.onChange(images.filter((_, k) => k !== i))}
                  />
                </figure>
              ))}
            </div>
          )}
        </>
      )}
    </FormField>
  );
}
