import { zodResolver } from '@hookform/resolvers/zod';
import { contactImportBody, type ContactImportBody, type ContactImportPreview, type ContactImportView } from '@atende/shared/contact-imports';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FilePickButton } from '../../components/file-pick-button.tsx';
import { QueueMultiSelect } from '../../components/queue-multi-select.tsx';
import { toast } from '../../lib/toast.ts';
import { useTagsList } from '../tags/use-tags.ts';
import { ColumnMapping } from './column-mapping.tsx';
import { useStartSheetImport, useUploadImportSheet } from './use-contact-imports.ts';

const emptyForm = (preview: ContactImportPreview): ContactImportBody => ({
  file: preview.file,
  fileName: preview.fileName,
  hasHeader: true,
  columns: Array.from({ length: preview.columnCount }, () => ({ field: 'ignore' as const, extraInfoName: '' })),
  tagIds: [],
  countryCode: '',
});

// The §8 texts the mapping can break: shown as toasts, as the wizard of the product family did.
const firstMappingError = (errors: FieldErrors<ContactImportBody>) => {
  const columns = errors.columns;
  return columns?.root?.message ?? columns?.message ?? (Array.isArray(columns) ? columns.find(Boolean)?.field?.message : undefined);
};

// Step one: choose a sheet (the server types it by content and answers its first rows); step two:
// say what each column is, then start the import.
export const SheetImport = ({ onStarted }: { onStarted: (record: ContactImportView) => void }) => {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<ContactImportPreview | null>(null);
  const tags = useTagsList();
  const form = useForm<z.input<typeof contactImportBody>, unknown, ContactImportBody>({ resolver: zodResolver(contactImportBody) });
  const hasHeader = useWatch({ control: form.control, name: 'hasHeader' });

  const upload = useUploadImportSheet();
  const start = useStartSheetImport();
  const previewed = (answer: ContactImportPreview) => {
    setPreview(answer);
    form.reset(emptyForm(answer));
  };
  const started = (record: ContactImportView) => {
    setPreview(null);
    onStarted(record);
  };

  const dataRows = preview ? preview.rows.length - (hasHeader ? 1 : 0) : 0;
  return (
    <Stack spacing={2} data-testid="contact-import-sheet">
      <Box>
        <FilePickButton
          label={t('contactImport.chooseFile')}
          accept=".xlsx,.csv"
          disabled={upload.isPending}
          testId="contact-import-choose"
          inputTestId="contact-import-file"
          onFile={(file) => upload.mutate(file, { onSuccess: previewed })}
        />
        {preview && (
          <Typography component="span" sx={{ ml: 2 }} data-testid="contact-import-file-name">
            {preview.fileName}
          </Typography>
        )}
      </Box>
      {preview && (
        <form
          noValidate
          onSubmit={form.handleSubmit(
            (values) => start.mutate(values, { onSuccess: started }),
            (errors) => {
              const message = firstMappingError(errors);
              if (message) toast.error(t(message, { field: '' }));
            },
          )}
        >
          <Stack spacing={2}>
            <Typography variant="body2">{t('contactImport.mappingHelp')}</Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <ColumnMapping rows={preview.rows} columnCount={preview.columnCount} control={form.control} setValue={form.setValue} />
            </Box>
            {dataRows <= 0 && <Alert severity="warning">{t('contactImport.errors.noContacts')}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Controller
                control={form.control}
                name="hasHeader"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} data-testid="contact-import-has-header" />}
                    label={t('contactImport.hasHeader')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="countryCode"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    size="small"
                    label={t('contactImport.countryCode')}
                    helperText={fieldState.error?.message ? t(fieldState.error.message) : t('contactImport.countryCodeHelp')}
                    error={Boolean(fieldState.error)}
                    slotProps={{ htmlInput: { 'data-testid': 'contact-import-country-code', inputMode: 'numeric' } }}
                  />
                )}
              />
              <Box sx={{ flexGrow: 1, minWidth: 220 }}>
                <Controller
                  control={form.control}
                  name="tagIds"
                  render={({ field }) => (
                    <QueueMultiSelect queues={tags.data ?? []} value={(field.value ?? []) as number[]} onChange={field.onChange} label={t('contactImport.tags')} testId="contact-import-tags" />
                  )}
                />
              </Box>
            </Stack>
            <Box>
              <Button type="submit" variant="contained" disabled={start.isPending || dataRows <= 0} data-testid="contact-import-start">
                {t('contactImport.start')}
              </Button>
            </Box>
          </Stack>
        </form>
      )}
    </Stack>
  );
};
