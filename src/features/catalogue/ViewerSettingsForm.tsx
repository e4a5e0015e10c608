// The "Intégration" form (docs/back-office.md): the sites allowed to embed the viewer, one row each, and the
// quote page. Checked with the route's own field schemas (viewerSettingsFormSchema, domain/entreprise.ts),
// so a refused site has the same French message here and from PUT /api/Entreprise/{id}.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { FormProvider, type Path, useFieldArray, useForm } from 'react-hook-form';

import {
  MAX_FRAME_ORIGINS,
  viewerSettingsFormField,
  type ViewerSettingsFormInput,
  type ViewerSettingsFormOutput,
  viewerSettingsFormSchema,
} from '#domain/entreprise';

import type { EntrepriseDetail } from '../../api/catalogue';
import { ApiError } from '../../api/http';
import { useUpdateViewerSettingsMutation } from '../../api/queries/catalogue';
import { FormField } from '../../ui/FormField';
import { FormLeaveGuard } from '../../ui/FormLeaveGuard';
import { showServerFieldErrors } from '../../ui/serverFieldErrors';
import { notifyError, notifySuccess } from '../../ui/toast';

const SETTINGS_SAVED = "Réglages d'intégration enregistrés";
const SITE_HINT = 'https://domaine, avec un port s’il le faut, sans chemin (ex. https://www.exemple.fr)';

const valuesOf = (e: EntrepriseDetail): ViewerSettingsFormInput => ({
  quoteUrl: e.quoteUrl ?? '',
  frameOrigins: (e.frameOrigins ?? []).map((origin) => ({ origin })),
});

export function ViewerSettingsForm({ entreprise }: { entreprise: EntrepriseDetail }) {
  const save = useUpdateViewerSettingsMutation();
  const form = useForm<ViewerSettingsFormInput, unknown, ViewerSettingsFormOutput>({
    resolver: zodResolver(viewerSettingsFormSchema),
    defaultValues: valuesOf(entreprise),
  });
  const sites = useFieldArray({ control: form.control, name: 'frameOrigins' });
  const listError = form.formState.errors.frameOrigins;
  const listMessage = listError?.message ?? listError?.root?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        entrepriseId: entreprise.entrepriseId,
        quoteUrl: values.quoteUrl,
        frameOrigins: values.frameOrigins.map((s) => s.origin),
      });
      // What the server stored (normalised, duplicates dropped) becomes the form's unchanged state.
      form.reset(valuesOf(saved));
      notifySuccess(SETTINGS_SAVED);
    } catch (err) {
      const shown =
        err instanceof ApiError &&
        showServerFieldErrors(
          form.setError,
          err.fieldErrors,
          (f) => viewerSettingsFormField(f) as Path<ViewerSettingsFormInput>,
        );
      if (!shown) notifyError(`Les réglages n'ont pas été enregistrés : ${(err as Error).message}`, err);
      // Thrown on: the form stays changed, so the leave guard keeps asking (src/ui/FormLeaveGuard.tsx).
      throw err;
    }
  });

  return (
    <FormProvider {...form}>
      <form
        className="integration-form"
        noValidate
        onSubmit={(e) => {
          submit(e).catch(() => {
            /* shown above */
          });
        }}
      >
        <FormLeaveGuard />
        <fieldset className="integration-sites">
          <legend>Sites autorisés à intégrer la visionneuse</legend>
          <p className="field-hint">
            Les navigateurs n’affichent le code d’intégration que sur ces sites ({MAX_FRAME_ORIGINS} au plus).
          </p>
          {sites.fields.length === 0 && <p className="muted">Aucun site pour l’instant.</p>}
          <ol className="integration-site-list">
            {sites.fields.map((field, i) => (
              <li key={field.id} className="integration-site">
                <FormField name={`frameOrigins.${i}.origin`} id={`site-${i}`} label={`Site ${i + 1}`} hint={SITE_HINT}>
                  {(a11y) => (
                    <InputText
                      {...form.register(`frameOrigins.${i}.origin`)}
                      {...a11y}
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      placeholder="https://www.exemple.fr"
                    />
                  )}
                </FormField>
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  severity="danger"
                  label="Retirer"
                  aria-label={`Retirer le site ${i + 1}`}
                  onClick={() => sites.remove(i)}
                />
              </li>
            ))}
          </ol>
          {listMessage && (
            <small className="field-error" role="alert">
              {listMessage}
            </small>
          )}
          <Button
            type="button"
            icon="pi pi-plus"
            outlined
            size="small"
            label="Ajouter un site"
            disabled={sites.fields.length >= MAX_FRAME_ORIGINS}
            onClick={() => sites.append({ origin: '' })}
          />
        </fieldset>
        <FormField
          name="quoteUrl"
          id="quote-url"
          label="Page de demande de devis"
          hint="Adresse https:// où mène « Demander un devis » ; vide, le bouton n’est pas affiché."
          className="field"
        >
          {(a11y) => (
            <InputText
              {...form.register('quoteUrl')}
              {...a11y}
              type="url"
              inputMode="url"
              placeholder="https://www.exemple.fr/devis"
            />
          )}
        </FormField>
        <div className="catalogue-actions">
          <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={form.formState.isSubmitting} />
        </div>
      </form>
    </FormProvider>
  );
}
