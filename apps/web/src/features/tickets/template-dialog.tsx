import { messageTemplate } from '@atende/shared/messages';
import type { TicketView } from '@atende/shared/tickets';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { ticketsApi } from './tickets-api.ts';
import { upsertMessageInCache } from './tickets-cache.ts';

// An approved WhatsApp template (Cloud API tickets): the one message the customer-service window
// allows 24 h after the customer last wrote. Parameters fill the template's body, one per line.
export const TemplateDialog = ({ ticket, onClose }: { ticket: TicketView; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [language, setLanguage] = useState('pt_BR');
  const [parameters, setParameters] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const template = messageTemplate.safeParse({
    name: name.trim(),
    language: language.trim(),
    parameters: parameters.split('\n').map((line) => line.trim()).filter(Boolean),
  });
  const issue = (field: 'name' | 'language') =>
    tried && !template.success && template.error.issues.some((problem) => problem.path[0] === field) ? t('validation.invalidTemplate') : '';

  const submit = async () => {
    setTried(true);
    if (!template.success || sending) return;
    setSending(true);
    try {
      const created = await ticketsApi.send(ticket.id, { body: '', template: template.data });
      for (const message of created) upsertMessageInCache(queryClient, message);
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="template-dialog">
      <DialogTitle>{t('tickets.template.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t('tickets.template.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(issue('name'))}
            helperText={issue('name') || ' '}
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'template-name', maxLength: 512 } }}
          />
          <TextField
            label={t('tickets.template.language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            error={Boolean(issue('language'))}
            helperText={issue('language') || ' '}
            slotProps={{ htmlInput: { 'data-testid': 'template-language', maxLength: 10 } }}
          />
          <TextField
            label={t('tickets.template.parameters')}
            value={parameters}
            onChange={(event) => setParameters(event.target.value)}
            helperText={t('tickets.template.parametersHelp')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'template-parameters' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" disabled={sending} onClick={() => void submit()} data-testid="template-submit">
          {t('tickets.template.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
