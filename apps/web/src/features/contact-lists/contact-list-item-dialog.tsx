import { zodResolver } from '@hookform/resolvers/zod';
import { contactListItemBody, type ContactListItemView } from '@atende/shared/contact-lists';
import { Dialog, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import type { ContactListItemInput } from './contact-lists-api.ts';
import { useSaveContactListItem } from './use-contact-lists.ts';

// checked by the schema and sent as typed: the server trims it and keeps the number's digits
const resolver = zodResolver(contactListItemBody, undefined, { raw: true });

// Add or edit one entry of a list (02-operations §5: name 2 to 50, number 8 to 50, a valid email).
export const ContactListItemDialog = ({ contactListId, item, onClose }: { contactListId: number; item: ContactListItemView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<ContactListItemInput, unknown, ContactListItemInput>({
    defaultValues: { contactListId, name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
    resolver,
  });
  const save = useSaveContactListItem(item);
  const field = (name: 'name' | 'number' | 'email') => {
    const { ref, ...rest } = form.register(name);
    const error = form.formState.errors[name];
    return {
      ...rest,
      inputRef: ref,
      fullWidth: true,
      margin: 'dense' as const,
      label: t(`contactLists.fields.${name}`),
      error: Boolean(error),
      helperText: fieldError(error),
      slotProps: { htmlInput: { 'data-testid': `contact-list-item-${name}` } },
    };
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="contact-list-item-dialog">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))}>
        <DialogTitle>{item ? t('contactLists.items.editTitle') : t('contactLists.items.addTitle')}</DialogTitle>
        <DialogContent>
          <TextField {...field('name')} autoFocus />
          <TextField {...field('number')} />
          <TextField {...field('email')} />
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="contact-list-item-save" />
      </form>
    </Dialog>
  );
};
