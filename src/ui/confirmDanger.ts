// One look for every destructive confirmation (delete, disable): warning icon, red accept button.
import { confirmDialog, type ConfirmDialogProps } from 'primereact/confirmdialog';

export function confirmDanger(options: ConfirmDialogProps): void {
  confirmDialog({
    header: 'Confirmation',
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: 'Supprimer',
    rejectLabel: 'Annuler',
    acceptClassName: 'p-button-danger',
    ...options,
  });
}
