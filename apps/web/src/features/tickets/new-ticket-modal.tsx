import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { ContactsPage } from '@atende/shared/contacts';
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSessionUser } from '../auth/session-context.ts';
import { ticketsApi } from './tickets-api.ts';
import { upsertTicketInLists } from './tickets-cache.ts';
import { ticketsUi } from './tickets-ui-store.ts';
import { useAllQueues, useConnections, useMyQueues } from './use-tickets.ts';
import { useTicketFlow } from './use-ticket-flow.ts';

type ContactOption = { id: number; name: string; number: string };

// 01-core §2 new ticket: contact search from 3 characters (500 ms), a required queue, a connection.
export const NewTicketModal = ({ contact, onClose }: { contact: ContactOption | { id: number; name: string } | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = useTicketFlow();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<ContactOption | null>(contact ? { number: '', ...contact } : null);
  const { data: mine = [] } = useMyQueues();
  const { data: all = [] } = useAllQueues();
  const queues = mine.length > 0 ? mine : all;
  const [queueId, setQueueId] = useState<number | ''>(queues.length === 1 ? queues[0].id : '');
  const { data: connections = [] } = useConnections();
  const [whatsappId, setWhatsappId] = useState<number | ''>(me.whatsappId ?? '');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const { data: found, isFetching } = useQuery({
    queryKey: ['contacts', 'search', search],
    queryFn: () => api.get<ContactsPage>('/contacts', { searchParam: search, pageNumber: 1 }),
    enabled: search.length >= 3,
  });
  const options: ContactOption[] = search.length >= 3 ? (found?.contacts ?? []) : [];
  const queueMissing = queues.length > 0 && queueId === '';

  const submit = async () => {
    setTried(true);
    if (!picked || queueMissing) return;
    setSaving(true);
    try {
      const ticket = await ticketsApi.create({
        contactId: picked.id,
        queueId: queueId === '' ? null : queueId,
        whatsappId: whatsappId === '' ? null : whatsappId,
        userId: me.id,
        status: 'open',
      });
      upsertTicketInLists(queryClient, ticket, me.id, true);
      ticketsUi.setTab(ticket.status === 'group' ? 'group' : 'open');
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      onClose();
      flow.handleError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="new-ticket-dialog">
      <DialogTitle>{t('tickets.newTicket.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Autocomplete
            options={picked && !options.some((option) => option.id === picked.id) ? [picked, ...options] : options}
            value={picked}
            loading={isFetching}
            filterOptions={(list) => list}
            getOptionLabel={(option) => (option.number ? `${option.name} - ${option.number}` : option.name)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            inputValue={input}
            onInputChange={(_, value) => setInput(value)}
            onChange={(_, value) => setPicked(value)}
            noOptionsText={input.trim().length < 3 ? t('tickets.newTicket.typeToSearch') : t('tickets.newTicket.noContacts')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('tickets.newTicket.contact')}
                error={tried && !picked}
                helperText={tried && !picked ? t('validation.required') : ' '}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'new-ticket-contact' } }}
              />
            )}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props} data-testid={`new-ticket-contact-option-${option.id}`}>
                {option.name} {option.number && `- ${option.number}`}
              </li>
            )}
          />
          <TextField
            select
            label={t('tickets.newTicket.queue')}
            value={queueId}
            onChange={(event) => setQueueId(Number(event.target.value))}
            error={tried && queueMissing}
            helperText={tried && queueMissing ? t('tickets.newTicket.queueRequired') : ' '}
            data-testid="new-ticket-queue"
          >
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id} data-testid={`new-ticket-queue-option-${queue.id}`}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label={t('tickets.newTicket.connection')} value={whatsappId} onChange={(event) => setWhatsappId(event.target.value === '' ? '' : Number(event.target.value))} data-testid="new-ticket-connection">
            <MenuItem value="">
              <em>{t('tickets.newTicket.defaultConnection')}</em>
            </MenuItem>
            {connections.map((connection) => (
              <MenuItem key={connection.id} value={connection.id}>
                {connection.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={saving} onClick={() => void submit()} data-testid="new-ticket-submit">
          {t('tickets.newTicket.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
