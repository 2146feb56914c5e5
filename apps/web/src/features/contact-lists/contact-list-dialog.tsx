import { zodResolver } from '@hookform/resolvers/zod';
import { contactListBody, type ContactListBody, type ContactListView } from '@atende/shared/contact-lists';
import { Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { useSaveContactList } from './use-contact-lists.ts';

// Add or rename a contact list (02-operations §5: name 2 to 50).
export const ContactListDialog = ({ list, onClose }: { list: ContactListView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<ContactListBody>({ defaultValues: { name: list?.name ?? '' }, resolver: zodResolver(contactListBody) });
  const save = useSaveContactList(list);
  const { ref, ...name } = form.register('name');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="contact-list-dialog">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))}>
        <DialogTitle>{list ? t('contactLists.editTitle') : t('contactLists.addTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            {...name}
            inputRef={ref}
            autoFocus
            fullWidth
            margin="dense"
            label={t('contactLists.fields.name')}
            error={Boolean(form.formState.errors.name)}
            helperText={fieldError(form.formState.errors.name)}
            slotProps={{ htmlInput: { 'data-testid': 'contact-list-name' } }}
          />
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="contact-list-save" />
      </form>
    </Dialog>
  );
};
