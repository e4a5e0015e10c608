// A proposition once loaded (PropositionPage): description (inline edit), status badge (the furthest of the
// server's status and what the page knows, never backwards; each client step forward pushed with updateStatus), dates, PDF download, video played in the page,
// share link generation and copy, delete. Messages are those of docs/product.md §2.8.
import { Button } from 'primereact/button';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { formatDateFr } from '#domain/customerList';
import {
  formatExpiryFr,
  furthestStatus,
  type Proposition,
  publicVideoPath,
  STATUS,
  type StatusLabel,
  statusOnLoad,
} from '#domain/proposition';

import { ApiError, getToken } from '../../api/http';
import { absoluteLink, downloadPdf } from '../../api/propositions';
import {
  useDeletePropositionMutation,
  useForgetProposition,
  useGenerateLinkMutation,
  useLinkExpirationQuery,
  usePropositionVideo,
  useUpdateDescriptionMutation,
  useUpdateStatusMutation,
} from '../../api/queries/propositions';
import { confirmDanger } from '../../ui/confirmDanger';
import { PageTitle } from '../../ui/PageTitle';
import { notifyError, notifySuccess } from '../../ui/toast';
import { copyText } from './copyText';
import { DescriptionEditor } from './DescriptionEditor';
import { saveBlob } from './saveBlob';
import { StatusTag } from './StatusTag';
import { VideoPanel } from './VideoPanel';

/** Rendered with the proposition's id as its key: the status shown starts again from the on-load rule. */
export function PropositionView({ proposition: p }: { proposition: Proposition }) {
  const navigate = useNavigate();
  // Links are judged alive against the time the page was opened.
  const [openedAt] = useState(() => Date.now());
  // What this page did (a link generated, the video watched), and what the proposition read again shows.
  const [reached, setReached] = useState<StatusLabel>(() => statusOnLoad(p));
  const status = furthestStatus(reached, statusOnLoad(p));
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const expiration = useLinkExpirationQuery(p.propositionId, !!p.videoAccessToken).data ?? null;
  const video = usePropositionVideo(p.propositionId);
  const statusUpdate = useUpdateStatusMutation();
  const descriptionUpdate = useUpdateDescriptionMutation();
  const linkGeneration = useGenerateLinkMutation();
  const deletion = useDeletePropositionMutation();
  const forget = useForgetProposition();

  /** A client transition forward: shown at once, pushed to the server (a failure is only logged). */
  const transition = (next: StatusLabel) => {
    if (furthestStatus(status, next) === status) return;
    setReached(next);
    statusUpdate.mutate(
      { propositionId: p.propositionId, status: next },
      { onError: (err) => console.error('Échec de la mise à jour du statut', err) },
    );
  };

  const run = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  const onPdf = () =>
    run('pdf', async () => {
      try {
        const blob = await downloadPdf(p.propositionId);
        if (blob.size === 0) {
          notifyError('Le fichier PDF est vide.');
          return;
        }
        saveBlob(blob, `Devis_${p.propositionId}.pdf`);
      } catch (err) {
        console.error(err);
        notifyError('Erreur lors du téléchargement du document.');
      }
    });

  const onWatch = () =>
    run('video', async () => {
      if (!getToken()) {
        notifyError('Vous devez vous reconnecter pour accéder à cette vidéo.');
        void navigate('/login');
        return;
      }
      try {
        await video.load();
        transition(STATUS.viewed);
      } catch (err) {
        console.error(err);
        window.alert(`Erreur lors du chargement de la vidéo (HTTP ${err instanceof ApiError ? err.status : 0})`);
      }
    });

  const onGenerate = () =>
    run('link', async () => {
      try {
        await linkGeneration.mutateAsync(p.propositionId);
        notifySuccess('Le lien a été généré avec succès. Vous pouvez maintenant le copier.');
        transition(STATUS.sent);
      } catch (err) {
        console.error(err);
        notifyError('Erreur lors de la génération du lien sécurisé.', err);
      }
    });

  // An expired link answers 410 to whoever opens it: offer a new one instead of copying it.
  const linkAlive = !!p.videoAccessToken && new Date(p.videoAccessToken.expiresAt).getTime() > openedAt;
  const link = linkAlive ? absoluteLink(publicVideoPath(p.videoAccessToken!.token)) : null;
  const onCopy = () =>
    run('copy', async () => {
      if (!link) return;
      try {
        await copyText(link);
        notifySuccess('Lien copié dans le presse-papier!');
        transition(STATUS.sent);
      } catch (err) {
        console.error('Copie du lien impossible', err);
      }
    });

  const onSaveDescription = async (text: string) => {
    try {
      await descriptionUpdate.mutateAsync({ proposition: p, description: text });
      setEditing(false);
      notifySuccess('Description mise à jour avec succès !');
    } catch (err) {
      console.error('Échec de la mise à jour de la description', err);
      // The editor stays open with the text typed, and says why (offline, refused, server down).
      throw err;
    }
  };

  const onDelete = () =>
    confirmDanger({
      message: 'Voulez-vous vraiment supprimer cette proposition ?',
      accept: async () => {
        try {
          await deletion.mutateAsync(p.propositionId);
          void navigate('/customers/');
          forget(p.propositionId);
        } catch (err) {
          console.error('Échec de la suppression de la proposition', err);
        }
      },
    });

  return (
    <section>
      <ConfirmDialog />
      <PageTitle
        actions={
          <Button label="Retour" icon="pi pi-arrow-left" text onClick={() => navigate(`/customers/${p.customerId}`)} />
        }
      >
        Proposition n° {p.propositionId}
      </PageTitle>
      <div className="card">
        <DescriptionEditor
          key={String(editing)}
          description={p.description}
          editing={editing}
          onSave={onSaveDescription}
          onCancel={() => setEditing(false)}
        />
        <dl className="prop-grid">
          <div>
            <dt>Statut</dt>
            <dd>
              <StatusTag label={status} />
            </dd>
          </div>
          <div>
            <dt>Date de création</dt>
            <dd>{formatDateFr(p.dateCreation)}</dd>
          </div>
          {p.videoAccessToken && (
            <div>
              <dt>Date d'expiration</dt>
              <dd>{formatExpiryFr(expiration ?? p.videoAccessToken.expiresAt)}</dd>
            </div>
          )}
          {p.videoAccessToken && (
            <div>
              <dt>Vues</dt>
              <dd>{p.videoAccessToken.viewCount ? p.videoAccessToken.viewCount : 'Aucune vue'}</dd>
            </div>
          )}
        </dl>
        <div className="prop-actions">
          <Button label="Télécharger PDF" icon="pi pi-file-pdf" onClick={onPdf} loading={busy === 'pdf'} />
          {p.cheminVideo && (
            <Button label="Regarder Vidéo" icon="pi pi-play" onClick={onWatch} loading={busy === 'video'} />
          )}
          {linkAlive ? (
            <Button label="Copier Lien" icon="pi pi-copy" outlined onClick={onCopy} loading={busy === 'copy'} />
          ) : (
            p.cheminVideo && (
              <Button label="Générer Lien" icon="pi pi-link" outlined onClick={onGenerate} loading={busy === 'link'} />
            )
          )}
          {!editing && (
            <Button
              label="Modifier"
              icon="pi pi-pencil"
              severity="secondary"
              outlined
              onClick={() => setEditing(true)}
            />
          )}
          <Button label="Supprimer" icon="pi pi-trash" severity="danger" outlined onClick={onDelete} />
        </div>
        {p.cheminVideo && !p.videoAccessToken && <p className="muted">Aucun lien n'a été généré</p>}
        {link && (
          <div className="prop-link">
            <label htmlFor="prop-share-link" className="sr-only">
              Lien de partage
            </label>
            <InputText id="prop-share-link" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
          </div>
        )}
        {video.url && <VideoPanel url={video.url} />}
      </div>
    </section>
  );
}
