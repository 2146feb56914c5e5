import { can } from '@atende/shared/permissions';
import type { TicketView } from '@atende/shared/tickets';
import { Check, Close, Delete, DoneAll, History, MoreVert, NoteAlt, PictureAsPdf, Replay, SmartToy, SwapHoriz, Undo } from '@mui/icons-material';
import { Avatar, Box, Button, ButtonBase, CircularProgress, IconButton, ListItemIcon, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../auth/session-context.ts';
import { ScheduleContactButton } from '../schedules/schedule-contact-button.tsx';
import { ChannelIcon } from './channel-icon.tsx';
import { openTicketDialog } from './ticket-dialogs.ts';
import { useTicketFlow } from './use-ticket-flow.ts';

// Header of the chat with the actions of 01-core §4 that fit the ticket's status.
type TicketHeaderProps = { ticket: TicketView; onOpenContact: () => void; onExportPdf: () => void; exportingPdf: boolean };

export const TicketHeader = ({ ticket, onOpenContact, onExportPdf, exportingPdf }: TicketHeaderProps) => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const flow = useTicketFlow();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const waiting = ticket.status === 'pending' || ticket.status === 'lgpd';
  const live = ticket.status === 'open' || ticket.status === 'group';
  const closeMenu = () => setMenu(null);

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 64 }} data-testid="ticket-header">
      <ButtonBase onClick={onOpenContact} sx={{ display: 'flex', gap: 1.25, alignItems: 'center', minWidth: 0, flex: 1, justifyContent: 'flex-start', borderRadius: 1, textAlign: 'left' }} data-testid="ticket-header-contact">
        <Avatar src={ticket.contact.urlPicture || undefined} alt={ticket.contact.name}>
          {ticket.contact.name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <ChannelIcon channel={ticket.channel} sx={{ fontSize: 16 }} />
            <Typography noWrap sx={{ fontWeight: 600 }} data-testid="ticket-header-name">
              {ticket.contact.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">#{ticket.id}</Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="ticket-header-owner">
            {ticket.user ? t('tickets.chat.assignedTo', { name: ticket.user.name }) : t('tickets.chat.unassigned')}
            {ticket.queue ? ` · ${ticket.queue.name}` : ''}
          </Typography>
        </Box>
      </ButtonBase>
      {waiting && (
        <>
          {can(me, 'tickets:ignorePending') && (
            <Button size="small" color="error" startIcon={<Close />} onClick={() => void flow.ignore(ticket)} data-testid="ticket-ignore">
              {t('tickets.actions.ignore')}
            </Button>
          )}
          <Button size="small" variant="contained" color="success" startIcon={<Check />} disabled={flow.busy} onClick={() => void flow.accept(ticket)} data-testid="ticket-accept">
            {t('tickets.actions.accept')}
          </Button>
        </>
      )}
      {live && (
        <>
          <Tooltip title={t('tickets.actions.return')}>
            <IconButton onClick={() => void flow.returnToQueue(ticket)} data-testid="ticket-return">
              <Undo />
            </IconButton>
          </Tooltip>
          <Button size="small" variant="contained" startIcon={<DoneAll />} onClick={() => openTicketDialog({ kind: 'close', ticket })} data-testid="ticket-resolve">
            {t('tickets.actions.resolve')}
          </Button>
        </>
      )}
      {ticket.status === 'closed' && (
        <Button size="small" variant="outlined" startIcon={<Replay />} onClick={() => void flow.reopen(ticket)} data-testid="ticket-reopen">
          {t('tickets.actions.reopen')}
        </Button>
      )}
      {exportingPdf && <CircularProgress size={20} aria-label={t('tickets.actions.exportPdf')} data-testid="ticket-export-pdf-busy" />}
      <ScheduleContactButton contactId={ticket.contactId} />
      <IconButton onClick={(event) => setMenu(event.currentTarget)} aria-label={t('tickets.actions.more')} data-testid="ticket-menu">
        <MoreVert />
      </IconButton>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={closeMenu}>
        {live && (
          <MenuItem onClick={() => { closeMenu(); openTicketDialog({ kind: 'transfer', ticket }); }} data-testid="ticket-transfer">
            <ListItemIcon><SwapHoriz fontSize="small" /></ListItemIcon>
            {t('tickets.actions.transfer')}
          </MenuItem>
        )}
        {waiting && (
          <MenuItem onClick={() => { closeMenu(); openTicketDialog({ kind: 'transfer', ticket }); }} data-testid="ticket-transfer">
            <ListItemIcon><SwapHoriz fontSize="small" /></ListItemIcon>
            {t('tickets.actions.transfer')}
          </MenuItem>
        )}
        <MenuItem onClick={() => { closeMenu(); openTicketDialog({ kind: 'notes', ticket }); }} data-testid="ticket-notes">
          <ListItemIcon><NoteAlt fontSize="small" /></ListItemIcon>
          {t('tickets.actions.notes')}
        </MenuItem>
        <MenuItem onClick={() => { closeMenu(); openTicketDialog({ kind: 'log', ticket }); }} data-testid="ticket-log">
          <ListItemIcon><History fontSize="small" /></ListItemIcon>
          {t('tickets.actions.log')}
        </MenuItem>
        <MenuItem disabled={exportingPdf} onClick={() => { closeMenu(); onExportPdf(); }} data-testid="ticket-export-pdf">
          <ListItemIcon><PictureAsPdf fontSize="small" /></ListItemIcon>
          {t('tickets.actions.exportPdf')}
        </MenuItem>
        <MenuItem onClick={() => { closeMenu(); void flow.toggleIntegration(ticket); }} data-testid="ticket-integration">
          <ListItemIcon><SmartToy fontSize="small" /></ListItemIcon>
          {ticket.useIntegration ? t('tickets.actions.disableIntegration') : t('tickets.actions.enableIntegration')}
        </MenuItem>
        {can(me, 'ticket-options:deleteTicket') && (
          <MenuItem onClick={() => { closeMenu(); openTicketDialog({ kind: 'delete', ticket }); }} data-testid="ticket-delete" sx={{ color: 'error.main' }}>
            <ListItemIcon><Delete fontSize="small" color="error" /></ListItemIcon>
            {t('tickets.actions.delete')}
          </MenuItem>
        )}
      </Menu>
    </Stack>
  );
};
