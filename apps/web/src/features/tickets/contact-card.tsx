import type { TicketView } from '@atende/shared/tickets';
import { Person } from '@mui/icons-material';
import { Avatar, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { parseVCard } from './chat-extras.ts';
import { ticketsApi } from './tickets-api.ts';
import { upsertMessageInCache } from './tickets-cache.ts';

export const ContactCardMessage = ({ vCard, fallbackName }: { vCard: string | null; fallbackName: string }) => {
  const card = parseVCard(vCard);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5, pr: 2, minWidth: 180 }} data-testid="message-contact-card">
      <Avatar sx={{ width: 36, height: 36 }}>
        <Person />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap data-testid="contact-card-name-view">
          {card.name || fallbackName}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap data-testid="contact-card-number-view">
          {card.number}
        </Typography>
      </Box>
    </Stack>
  );
};

const digitsOf = (value: string) => value.replace(/\D/g, '');

// Send contact card dialog: POST /messages/{ticketId} with { body: '', vCard: { name, number } }.
export const ContactCardDialog = ({ ticket, onClose }: { ticket: TicketView; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const nameError = tried && !name.trim() ? t('validation.required') : '';
  const numberError = tried ? (!number.trim() ? t('validation.required') : digitsOf(number).length < 8 ? t('tickets.contactCard.invalidNumber') : '') : '';

  const submit = async () => {
    setTried(true);
    if (!name.trim() || digitsOf(number).length < 8 || sending) return;
    setSending(true);
    try {
      const created = await ticketsApi.send(ticket.id, { body: '', vCard: { name: name.trim(), number: number.trim() } });
      for (const message of created) upsertMessageInCache(queryClient, message);
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="contact-card-dialog">
      <DialogTitle>{t('tickets.contactCard.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t('tickets.contactCard.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(nameError)}
            helperText={nameError || ' '}
            autoFocus
            slotProps={{ htmlInput: { 'data-testid': 'contact-card-name', maxLength: 200 } }}
          />
          <TextField
            label={t('tickets.contactCard.number')}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            error={Boolean(numberError)}
            helperText={numberError || ' '}
            slotProps={{ htmlInput: { 'data-testid': 'contact-card-number', maxLength: 50, inputMode: 'tel' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" disabled={sending} onClick={() => void submit()} data-testid="contact-card-submit">
          {t('tickets.contactCard.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
