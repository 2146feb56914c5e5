import type { TicketConflict, TicketView } from '@atende/shared/tickets';
import {
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { useMyQueues, useQueueOptions } from '../../queues/use-queues.ts';
import { useUsersList } from '../../users/use-users.ts';
import { NewTicketModal } from './new-ticket-modal.tsx';
import { closeTicketDialog, useTicketDialog } from './ticket-dialogs.ts';
import { TicketLogDialog } from './ticket-log-dialog.tsx';
import { TicketNotesModal } from './ticket-notes-modal.tsx';
import { useTicketFlow } from '../use-ticket-flow.ts';

// 01-core §4 Accept: the start button stays disabled until a queue is chosen; one queue is preselected.
const AcceptDialog = ({ ticket, reopen }: { ticket: TicketView; reopen: boolean }) => {
  const { t } = useTranslation();
  const flow = useTicketFlow();
  const { data: mine = [] } = useMyQueues();
  const { data: all = [] } = useQueueOptions();
  const queues = mine.length > 0 ? mine : all;
  const [picked, setPicked] = useState<number | ''>('');
  const queueId = picked === '' && queues.length === 1 ? queues[0].id : picked;
  const start = async () => {
    if (queueId === '') return;
    const done = reopen ? await flow.reopen(ticket, queueId) : await flow.accept(ticket, queueId);
    if (done !== null) closeTicketDialog();
  };
  return (
    <Dialog open onClose={closeTicketDialog} maxWidth="xs" fullWidth data-testid="accept-dialog">
      <DialogTitle>{t('tickets.accept.title')}</DialogTitle>
      <DialogContent>
        <TextField select fullWidth label={t('tickets.accept.queue')} value={queueId} onChange={(event) => setPicked(Number(event.target.value))} sx={{ mt: 1 }} data-testid="accept-queue">
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id} data-testid={`accept-queue-option-${queue.id}`}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <FormDialogActions
        onClose={closeTicketDialog}
        pending={flow.busy}
        submitLabel={t('tickets.accept.start')}
        submitDisabled={queueId === ''}
        onSubmit={() => void start()}
        submitTestId="accept-start"
      />
    </Dialog>
  );
};

// 01-core §4 Transfer: target user (search from 3 characters), a required queue and a message.
const TransferDialog = ({ ticket }: { ticket: TicketView }) => {
  const { t } = useTranslation();
  const flow = useTicketFlow();
  const { data: users = [] } = useUsersList();
  const { data: queues = [] } = useQueueOptions();
  const [userId, setUserId] = useState<number | null>(null);
  const [input, setInput] = useState('');
  const [queueId, setQueueId] = useState<number | ''>(ticket.queueId ?? '');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const options = input.trim().length >= 3 ? users.filter((user) => user.name.toLowerCase().includes(input.trim().toLowerCase())) : [];
  const picked = users.find((user) => user.id === userId) ?? null;
  const submit = async () => {
    setTried(true);
    if (queueId === '') return;
    const done = await flow.transfer(ticket, { userId, queueId, msgTransfer: message });
    if (done !== null) closeTicketDialog();
  };
  return (
    <Dialog open onClose={closeTicketDialog} maxWidth="xs" fullWidth data-testid="transfer-dialog">
      <DialogTitle>{t('tickets.transfer.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Autocomplete
            options={picked && !options.includes(picked) ? [picked, ...options] : options}
            value={picked}
            getOptionLabel={(user) => user.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(list) => list}
            inputValue={input}
            onInputChange={(_, value) => setInput(value)}
            onChange={(_, user) => {
              setUserId(user?.id ?? null);
              const first = user?.queues[0]?.id;
              if (user && queueId === '' && first !== undefined) setQueueId(first);
            }}
            noOptionsText={t('tickets.transfer.typeToSearch')}
            renderInput={(params) => (
              <TextField {...params} label={t('tickets.transfer.user')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'transfer-user' } }} />
            )}
            renderOption={({ key, ...props }, user) => (
              <li key={key} {...props} data-testid={`transfer-user-option-${user.id}`}>
                {user.name}
              </li>
            )}
          />
          <TextField
            select
            label={t('tickets.transfer.queue')}
            value={queueId}
            onChange={(event) => setQueueId(Number(event.target.value))}
            error={tried && queueId === ''}
            helperText={tried && queueId === '' ? t('tickets.newTicket.queueRequired') : ' '}
            data-testid="transfer-queue"
          >
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id} data-testid={`transfer-queue-option-${queue.id}`}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField multiline minRows={2} label={t('tickets.transfer.message')} value={message} onChange={(event) => setMessage(event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'transfer-message' } }} />
        </Stack>
      </DialogContent>
      <FormDialogActions
        onClose={closeTicketDialog}
        pending={flow.busy}
        submitLabel={t('tickets.transfer.submit')}
        onSubmit={() => void submit()}
        submitTestId="transfer-submit"
      />
    </Dialog>
  );
};

// 01-core §4 Resolve: close with or without the farewell message.
const CloseDialog = ({ ticket }: { ticket: TicketView }) => {
  const { t } = useTranslation();
  const flow = useTicketFlow();
  const close = async (farewell: boolean) => {
    closeTicketDialog();
    await flow.resolve(ticket, farewell);
  };
  return (
    <Dialog open onClose={closeTicketDialog} maxWidth="xs" fullWidth data-testid="close-dialog">
      <DialogTitle>{t('tickets.close.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('tickets.close.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={closeTicketDialog}>{t('common.cancel')}</Button>
        <Button onClick={() => void close(false)} data-testid="close-without-farewell">{t('tickets.close.withoutFarewell')}</Button>
        <Button variant="contained" onClick={() => void close(true)} data-testid="close-with-farewell">{t('tickets.close.withFarewell')}</Button>
      </DialogActions>
    </Dialog>
  );
};

// 01-core §2 info modal: the contact's ticket is with someone else (or waiting with nobody).
const ConflictDialog = ({ conflict }: { conflict: TicketConflict }) => {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={closeTicketDialog} maxWidth="xs" fullWidth data-testid="conflict-dialog">
      <DialogTitle>{t('tickets.conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="conflict-text">
          {conflict.user
            ? t('tickets.conflict.withUser', { user: conflict.user.name, queue: conflict.queue?.name ?? t('tickets.row.noQueue') })
            : t('tickets.conflict.waiting', { queue: conflict.queue?.name ?? t('tickets.row.noQueue') })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={closeTicketDialog} data-testid="conflict-ok">{t('tickets.conflict.ok')}</Button>
      </DialogActions>
    </Dialog>
  );
};

const DeleteDialog = ({ ticket }: { ticket: TicketView }) => {
  const { t } = useTranslation();
  const flow = useTicketFlow();
  return (
    <ConfirmDialog
      open
      title={t('tickets.delete.title', { id: ticket.id })}
      onClose={closeTicketDialog}
      onConfirm={() => void flow.remove(ticket).then((done) => done && closeTicketDialog())}
    >
      {t('tickets.delete.text')}
    </ConfirmDialog>
  );
};

// Hosts whichever ticket dialog is open (ticket-dialogs.ts).
export const TicketDialogs = () => {
  const dialog = useTicketDialog();
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'accept':
      return <AcceptDialog ticket={dialog.ticket} reopen={dialog.reopen} />;
    case 'transfer':
      return <TransferDialog ticket={dialog.ticket} />;
    case 'close':
      return <CloseDialog ticket={dialog.ticket} />;
    case 'delete':
      return <DeleteDialog ticket={dialog.ticket} />;
    case 'log':
      return <TicketLogDialog ticketId={dialog.ticket.id} onClose={closeTicketDialog} />;
    case 'notes':
      return <TicketNotesModal ticket={dialog.ticket} onClose={closeTicketDialog} />;
    case 'conflict':
      return <ConflictDialog conflict={dialog.conflict} />;
    case 'new':
      return <NewTicketModal contact={dialog.contact} onClose={closeTicketDialog} />;
  }
};
