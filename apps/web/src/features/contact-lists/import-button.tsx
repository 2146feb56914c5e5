import type { ContactListImportStatus } from '@atende/shared/contact-lists';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePickButton } from '../../components/file-pick-button.tsx';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { useUploadContactListSheet } from './use-contact-lists.ts';

// The items screen's spreadsheet import (02-operations §4: "choose a spreadsheet; the list updates
// live"): the server reads it in a job and tells its progress on company-{id}-ContactListItem.
export const ImportButton = ({ contactListId }: { contactListId: number }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ContactListImportStatus | null>(null);
  const upload = useUploadContactListSheet(contactListId);
  const start = (file: File) => {
    // shown as the upload starts, not when it answers: the import's job can finish, and say so
    // live, before the upload's answer reaches the browser
    setStatus({ done: false, processed: 0, imported: 0, failed: 0, errors: [] });
    upload.mutate(file, { onError: () => setStatus(null) });
  };
  useCompanyEvent('ContactListItem', (payload) => {
    if (payload.action !== 'import' || payload.contactListId !== contactListId) return;
    setStatus(payload.status);
    if (!payload.status.done) return;
    if (payload.status.error) toastError(new Error(t(`errors.${payload.status.error}`)));
    else if (payload.status.failed > 0) toast.warning(t('contactLists.import.doneWithErrors'));
    else toast.success(t('contactLists.import.done'));
  });
  return (
    <>
      <FilePickButton
        label={t('contactLists.import.button')}
        accept=".xlsx,.csv"
        disabled={upload.isPending || (status !== null && !status.done)}
        testId="contact-list-import"
        inputTestId="contact-list-import-file"
        onFile={start}
      />
      {status && (
        <Box sx={{ position: 'fixed', bottom: 16, right: 16, width: 360, zIndex: 1300 }} data-testid="contact-list-import-status">
          <Alert severity={status.done ? (status.failed > 0 || status.error ? 'warning' : 'success') : 'info'} onClose={status.done ? () => setStatus(null) : undefined}>
            <Typography variant="body2">{t('contactLists.import.progress', { processed: status.processed, imported: status.imported, failed: status.failed })}</Typography>
            {!status.done && <LinearProgress sx={{ mt: 1 }} />}
            {status.errors.slice(0, 10).map((error) => (
              <Typography key={error.line} variant="caption" component="div">
                {t('contactLists.import.rowError', { line: error.line, reason: t(error.reason) })}
              </Typography>
            ))}
          </Alert>
        </Box>
      )}
    </>
  );
};
