import type { ContactImportView } from '@atende/shared/contact-imports';
import { Alert, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { useContactImport } from './use-contact-imports.ts';

const ERRORS_SHOWN = 20;

// An import's progress bar and, once it ended, its report (02-operations §8 success toasts).
export const ImportProgress = ({ initial, announce }: { initial: ContactImportView; announce: boolean }) => {
  const { t, i18n } = useTranslation();
  const { data: record } = useContactImport(initial);
  const finished = record.status === 'done' || record.status === 'failed';
  const announced = useRef(!announce);
  useEffect(() => {
    if (!finished || announced.current) return;
    announced.current = true;
    if (record.status === 'failed') toast.error(t('contactImport.failed'));
    else if (record.failed > 0) toast.warning(t('contactImport.doneWithErrors'));
    else toast.success(t('contactImport.done'));
  }, [finished, record.status, record.failed, t]);
  const percent = record.total > 0 ? Math.min(100, Math.round((record.processed / record.total) * 100)) : finished ? 100 : 0;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="contact-import-progress" data-status={record.status}>
      <Stack spacing={1}>
        <Typography variant="subtitle1">{t(`contactImport.status.${record.status}`, { name: record.sourceName })}</Typography>
        <LinearProgress variant="determinate" value={percent} aria-label={t('contactImport.progressLabel')} data-testid="contact-import-bar" />
        <Typography variant="body2" data-testid="contact-import-counts">
          {t('contactImport.counts', { processed: record.processed, total: record.total, imported: record.imported, failed: record.failed })}
        </Typography>
        {record.error && <Alert severity="error">{t(`errors.${record.error}`)}</Alert>}
        {record.errors.slice(0, ERRORS_SHOWN).map((error) => (
          <Typography key={error.line} variant="caption" component="div" data-testid="contact-import-row-error">
            {t('contactImport.rowError', { line: error.line, reason: i18n.exists(error.reason) ? t(error.reason) : error.reason })}
          </Typography>
        ))}
        {record.failed > ERRORS_SHOWN && <Typography variant="caption">{t('contactImport.moreErrors', { count: record.failed - ERRORS_SHOWN })}</Typography>}
      </Stack>
    </Paper>
  );
};
