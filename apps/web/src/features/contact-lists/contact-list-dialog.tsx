import { zodResolver } from '@hookform/resolvers/zod';
import { contactListBody, type ContactListBody, type ContactListView } from '@atende/shared/contact-lists';
import { Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { contactListsApi, contactListsQueryKeys } from './contact-lists-api.ts';

// Add or rename a contact list (02-operations §5: name 2 to 50).
export const ContactListDialog = ({ list, onClose }: { list: ContactListView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const form = useForm<ContactListBody>({ defaultValues: { name: list?.name ?? '' }, resolver: zodResolver(contactListBody) });
  const save = useMutation({
    mutationFn: (body: ContactListBody) => (list ? contactListsApi.update(list.id, body) : contactListsApi.create(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contactListsQueryKeys.allPages });
      toast.success(t('contactLists.toasts.saved'));
      onClose();
    },
    onError: (error) => {
      setServerFieldErrors(form.setError, error);
      toastError(error);
    },
  });
  const { ref, ...name } = form.register('name');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="contact-list-dialog">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
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
