import { messageVCard, type MessageVCard } from '@atende/shared/messages';
import { normalizeNumber } from '@atende/shared/phone';
import type { TicketView } from '@atende/shared/tickets';
import { zodResolver } from '@hookform/resolvers/zod';
import { Person } from '@mui/icons-material';
import { Avatar, Box, Stack, TextField, Typography } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../components/field-errors.ts';
import { SendDialog } from '../../../components/send-dialog.tsx';
import { toastError } from '../../../lib/error-message.ts';
import { parseVCard } from './chat-extras.ts';
import { useSendMessage } from './use-send-message.ts';

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

// the shared schema counts characters; a card's number also needs 8 digits among them
const contactCardForm = messageVCard.refine((card) => normalizeNumber(card.number).length >= 8, {
  path: ['number'],
  message: 'validation.invalidNumber',
});
const emptyCard: MessageVCard = { name: '', number: '' };

// Send contact card dialog: POST /messages/{ticketId} with { body: '', vCard: { name, number } }.
export const ContactCardDialog = ({ ticket, onClose }: { ticket: TicketView; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const send = useSendMessage(ticket);
  const form = useForm<MessageVCard>({ defaultValues: emptyCard, resolver: zodResolver(contactCardForm) });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (vCard) => {
    try {
      await send.mutateAsync({ body: '', vCard });
      onClose();
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <SendDialog
      title={t('tickets.contactCard.title')}
      testId="contact-card-dialog"
      submitLabel={t('tickets.contactCard.submit')}
      submitTestId="contact-card-submit"
      busy={send.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField
          label={t('tickets.contactCard.name')}
          {...form.register('name')}
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name) ?? ' '}
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'contact-card-name', maxLength: 200 } }}
        />
        <TextField
          label={t('tickets.contactCard.number')}
          {...form.register('number')}
          error={Boolean(errors.number)}
          helperText={fieldError(errors.number) ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'contact-card-number', maxLength: 50, inputMode: 'tel' } }}
        />
      </Stack>
    </SendDialog>
  );
};
