import type { AuditEntryView } from '@atende/shared/audit';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

const shown = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

// Every field either side names, with its value before and after; a changed one is marked.
const diffRows = (entry: AuditEntryView) => {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => ({ field, before: shown(before[field]), after: shown(after[field]) }));
};

export const AuditEntryDialog = ({ entry, actionLabel, onClose }: { entry: AuditEntryView | null; actionLabel: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const rows = entry ? diffRows(entry) : [];
  return (
    <Dialog open={entry !== null} onClose={onClose} maxWidth="md" fullWidth data-testid="audit-entry-dialog">
      <DialogTitle>{actionLabel}</DialogTitle>
      <DialogContent>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('auditLog.noValues')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('auditLog.diff.field')}</TableCell>
                <TableCell>{t('auditLog.diff.before')}</TableCell>
                <TableCell>{t('auditLog.diff.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.field} data-testid="audit-diff-row" data-field={row.field} data-changed={row.before !== row.after}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.field}</TableCell>
                  <TableCell data-testid="audit-diff-before" sx={{ wordBreak: 'break-word', ...(row.before !== row.after && { color: 'error.main' }) }}>
                    {row.before}
                  </TableCell>
                  <TableCell data-testid="audit-diff-after" sx={{ wordBreak: 'break-word', ...(row.before !== row.after && { color: 'success.main' }) }}>
                    {row.after}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
