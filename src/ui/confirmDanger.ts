// One look for every destructive confirmation (delete, disable): warning icon, red accept button, and the
// focus on "Annuler" so that Enter (or a hurried Space) cancels instead of destroying.
import { confirmDialog, type ConfirmDialogProps } from 'primereact/confirmdialog';

/** `accept` may be async: it handles its own failures (each caller logs or toasts them). */
export function confirmDanger({
  accept,
  ...options
}: Omit<ConfirmDialogProps, 'accept'> & { accept: () => void | Promise<void> }): void {
  confirmDialog({
    header: 'Confirmation',
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: 'Supprimer',
    rejectLabel: 'Annuler',
    acceptClassName: 'p-button-danger',
    defaultFocus: 'reject',
    ...options,
    accept: () => void accept(),
  });
}
