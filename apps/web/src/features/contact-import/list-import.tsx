import { zodResolver } from '@hookform/resolvers/zod';
import { contactListImportBody, type ContactImportView, type ContactListImportBody } from '@atende/shared/contact-imports';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { QueueMultiSelect } from '../../components/queue-multi-select.tsx';
import { useContactListOptions } from '../contact-lists/use-contact-lists.ts';
import { useTagsList } from '../tags/use-tags.ts';
import { useStartListImport } from './use-contact-imports.ts';

// A contact list's entries into the contacts, with the chosen tags.
export const ListImport = ({ onStarted }: { onStarted: (record: ContactImportView) => void }) => {
  const { t } = useTranslation();
  const lists = useContactListOptions();
  const tags = useTagsList();
  const form = useForm<z.input<typeof contactListImportBody>, unknown, ContactListImportBody>({ defaultValues: { tagIds: [] }, resolver: zodResolver(contactListImportBody) });
  const start = useStartListImport();
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => start.mutate(values, { onSuccess: onStarted }))} data-testid="contact-import-list">
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
