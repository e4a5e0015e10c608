// 'Licences (n)' of docs/product.md §2.2.15 / 2.16: type, key, activation date, expiration date (with its edit button)
// and delete; the Admin alone changes dates and deletes (docs/product.md §2.6).
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';

import type { Licence } from '#domain/licence';

import {
  useDeleteLicenceMutation,
  useUpdateLicenceActivationMutation,
  useUpdateLicenceExpiryMutation,
} from '../../api/queries/users';
import { confirmDanger } from '../../ui/confirmDanger';
import { notifyError } from '../../ui/toast';
import { DateModal } from './DateModal';
import { formatDateTime } from './format';

interface Props {
  /** Whose licences: each change reads them again (src/api/queries/users.ts). */
  userId: number;
  licences: Licence[];
  isAdmin: boolean;
  /** The inline-editing screen also changes the activation date. */
  activationEditable: boolean;
}

export function LicenceList({ userId, licences, isAdmin, activationEditable }: Props) {
  const [expiryOf, setExpiryOf] = useState<Licence | null>(null);
  const [activationOf, setActivationOf] = useState<Licence | null>(null);
  const updateExpiry = useUpdateLicenceExpiryMutation(userId);
  const updateActivation = useUpdateLicenceActivationMutation(userId);
  const deleteLicence = useDeleteLicenceMutation(userId);

  /** A refused change is thrown back to the modal, which shows the server's message and stays open. */
  async function update(run: () => Promise<unknown>) {
    try {
      await run();
    } catch (err) {
      console.error('Error updating licence', err);
      throw err;
    }
  }

  function remove(l: Licence) {
    confirmDanger({
      header: 'Supprimer la licence',
      message: `Voulez-vous vraiment supprimer la licence ${l.licenceKey} ?`,
      accept: async () => {
        try {
          await deleteLicence.mutateAsync(l.licenceId);
        } catch (err) {
          console.error('Error deleting licence', err);
          notifyError('Erreur lors de la suppression de la licence', err);
        }
      },
    });
  }

  const dateCell = (value: string | null, label: string, onEdit?: () => void) => (
    <span className="detail-value">
      {formatDateTime(value)}
      {onEdit && <Button icon="pi pi-pencil" text rounded size="small" aria-label={label} onClick={onEdit} />}
    </span>
  );

  return (
    <div className="card">
      <h2>Licences ({licences.length})</h2>
      {licences.length === 0 ? (
        <p className="muted">Aucune licence disponible pour cet utilisateur.</p>
      ) : (
        <DataTable value={licences} dataKey="licenceId" className="licence-table">
          <Column header="Type" field="type" />
          <Column header="Clé" body={(l: Licence) => l.licenceKey ?? '—'} />
          <Column
            header="Date d'activation"
            body={(l: Licence) =>
              dateCell(
                l.dateActivation,
                "Modifier la date d'activation",
                isAdmin && activationEditable ? () => setActivationOf(l) : undefined,
              )
            }
          />
          <Column
            header="Date d'expiration"
            body={(l: Licence) =>
              dateCell(l.dateExpiration, "Modifier la date d'expiration", isAdmin ? () => setExpiryOf(l) : undefined)
            }
          />
          {isAdmin && (
            <Column
              header="Actions"
              body={(l: Licence) => (
                <Button
                  icon="pi pi-trash"
                  severity="danger"
                  text
                  rounded
                  aria-label="Supprimer la licence"
                  onClick={() => remove(l)}
                />
              )}
            />
          )}
        </DataTable>
      )}
      {/* Keyed by the licence: each opening starts from its stored date, without an old error. */}
      <DateModal
        key={`expiry-${expiryOf?.licenceId ?? ''}`}
        header="Modifier la date d'expiration"
        label="Date d'expiration"
        initial={expiryOf?.dateExpiration ?? null}
        visible={expiryOf !== null}
        onHide={() => setExpiryOf(null)}
        onSave={(d) => update(() => updateExpiry.mutateAsync({ licenceId: expiryOf!.licenceId, date: d }))}
      />
      <DateModal
        key={`activation-${activationOf?.licenceId ?? ''}`}
        header="Modifier la date d'activation"
        label="Date d'activation"
        initial={activationOf?.dateActivation ?? null}
        visible={activationOf !== null}
        onHide={() => setActivationOf(null)}
        onSave={(d) => update(() => updateActivation.mutateAsync({ licenceId: activationOf!.licenceId, date: d }))}
      />
    </div>
  );
}
