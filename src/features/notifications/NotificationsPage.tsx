// "Mes notifications" (/notifications, docs/notifications.md): the signed-in user turns the weekly report
// and the alerts on or off; the server's answer says whether it sends mail at all (SMTP_URL), and the
// screen says so. A failed load shows its message and "Réessayer", never switches that look off.
import './notifications.css';

import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';

import {
  AR_FAILURE_SHARE,
  AR_MIN_LAUNCHES,
  type Subscriptions,
  type SubscriptionsInput,
  subscriptionsInputSchema,
} from '#domain/notifications';

import { useSaveSubscriptionsMutation, useSubscriptionsQuery } from '../../api/queries/notifications';
import { LoadError } from '../../ui/LoadError';
import { PageTitle } from '../../ui/PageTitle';

const LOAD_ERROR = "Vos préférences de notification n'ont pas pu être chargées.";
const SAVE_ERROR = "Vos préférences n'ont pas pu être enregistrées. Réessayez.";

const SWITCHES: Array<{ name: keyof SubscriptionsInput; label: string; hint: string }> = [
  {
    name: 'weeklyReport',
    label: 'Rapport hebdomadaire',
    hint: 'Chaque lundi à 8 h (fuseau de votre entreprise) : les chiffres de la semaine comparés à la précédente, les consultations par jour en graphique, le succès de la réalité augmentée par plateforme et les cinq produits les plus consultés.',
  },
  {
    name: 'alerts',
    label: 'Alertes',
    hint: `« Collecte interrompue » quand un produit visité chaque jour ne reçoit plus rien depuis 24 h, « Chute de fréquentation » quand ses visiteurs tombent sous la moitié de sa moyenne des quatre semaines précédentes, « Échecs AR » quand au moins ${AR_FAILURE_SHARE * 100} % des visites (${AR_MIN_LAUNCHES} au moins) qui lancent la réalité augmentée sur une plateforme échouent en 7 jours. Au plus une alerte par jour, par produit et par type.`,
  },
];

function NotificationsForm({ data }: { data: Subscriptions }) {
  const save = useSaveSubscriptionsMutation();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SubscriptionsInput>({
    resolver: zodResolver(subscriptionsInputSchema),
    defaultValues: { weeklyReport: data.weeklyReport, alerts: data.alerts },
  });
  // The saved message stands until a switch moves again.
  const showSaved = saved && !form.formState.isDirty;

  const submit = form.handleSubmit(async (value) => {
    setFailure(null);
    try {
      const answer = await save.mutateAsync(value);
      form.reset({ weeklyReport: answer.weeklyReport, alerts: answer.alerts });
      setSaved(true);
    } catch (err) {
      setFailure(err instanceof Error && err.message ? `${SAVE_ERROR} (${err.message})` : SAVE_ERROR);
    }
  });

  return (
    <form className="card notifications-form" onSubmit={submit} noValidate>
      <p>
        Les e-mails sont envoyés à <strong>{data.mail}</strong>. Chacun contient un lien pour se désinscrire sans se
        connecter.
      </p>
      {SWITCHES.map((s) => (
        <div key={s.name} className="control-switch notification-switch">
          <Controller
            name={s.name}
            control={form.control}
            render={({ field }) => (
              <InputSwitch
                inputId={`notification-${s.name}`}
                inputRef={field.ref}
                checked={field.value}
                onChange={(e) => field.onChange(Boolean(e.value))}
                onBlur={field.onBlur}
                aria-describedby={`notification-${s.name}-hint`}
                // As on the dashboard (PeriodCard.tsx): the input is the one switch, not its wrapper too.
                pt={{ root: { role: undefined, 'aria-checked': undefined } }}
              />
            )}
          />
          <div>
            <label htmlFor={`notification-${s.name}`}>{s.label}</label>
            <p id={`notification-${s.name}-hint`} className="muted">
              {s.hint}
            </p>
          </div>
        </div>
      ))}
      <div className="form-actions">
        <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={save.isPending} />
      </div>
      <div aria-live="polite">
        {showSaved && <Message severity="success" text="Vos préférences de notification sont enregistrées." />}
      </div>
      {failure && (
        <div role="alert">
          <Message severity="error" text={failure} />
        </div>
      )}
    </form>
  );
}

export function NotificationsPage() {
  const query = useSubscriptionsQuery();
  return (
    <section>
      <PageTitle>Mes notifications</PageTitle>
      {query.isPending ? (
        <ProgressSpinner aria-label="Chargement" />
      ) : query.error ? (
        <LoadError text={LOAD_ERROR} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {!query.data.sendingEnabled && (
            <Message
              className="notifications-off"
              severity="warn"
              text="L'envoi des e-mails est désactivé sur ce serveur : vos choix sont enregistrés, mais aucun e-mail ne partira tant qu'un administrateur n'aura pas configuré l'envoi (SMTP)."
            />
          )}
          <NotificationsForm data={query.data} />
        </>
      )}
    </section>
  );
}
