import { zodResolver } from '@hookform/resolvers/zod';
import { contactListImportBody, type ContactImportView, type ContactListImportBody } from '@atende/shared/contact-imports';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../components/field-errors.ts';
import { QueueMultiSelect } from '../../components/queue-multi-select.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useContactListOptions } from '../contact-lists/use-contact-lists.ts';
import { useTagsList } from '../tags/use-tags.ts';
import { contactImportApi } from './contact-import-api.ts';

// A contact list's entries into the contacts, with the chosen tags.
export const ListImport = ({ onStarted }: { onStarted: (record: ContactImportView) => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const lists = useContactListOptions();
  const tags = useTagsList();
  const form = useForm<ContactListImportBody>({ defaultValues: { tagIds: [] }, resolver: zodResolver(contactListImportBody) as Resolver<ContactListImportBody> });
  const start = useMutation({
    mutationFn: contactImportApi.importContactList,
    onSuccess: onStarted,
    onError: (error) => {
      const message = error instanceof ApiError ? error.body?.fields?.[0]?.message : undefined;
      if (message) toast.error(fieldError({ message }) ?? message);
      else toastError(error);
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => start.mutate(values))} data-testid="contact-import-list">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Controller
          control={form.control}
          name="contactListId"
          render={({ field, fieldState }) => (
            <TextField
              select
              sx={{ minWidth: 240 }}
              label={t('contactImport.contactList')}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(Number(event.target.value))}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? t('validation.required') : undefined}
              data-testid="contact-import-list-select"
            >
              {(lists.data ?? []).map((list) => (
                <MenuItem key={list.id} value={list.id}>
                  {t('contactImport.listOption', { name: list.name, count: list.contactsCount })}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Box sx={{ flexGrow: 1, minWidth: 220 }}>
          <Controller
            control={form.control}
            name="tagIds"
            render={({ field }) => (
              <QueueMultiSelect queues={tags.data ?? []} value={(field.value ?? []) as number[]} onChange={field.onChange} label={t('contactImport.tags')} testId="contact-import-list-tags" />
            )}
          />
        </Box>
        <Button type="submit" variant="contained" disabled={start.isPending} data-testid="contact-import-list-start">
          {t('contactImport.start')}
        </Button>
      </Stack>
    </form>
  );
};
