import { can } from '@atende/shared/permissions';
import type { TicketView } from '@atende/shared/tickets';
import { AutoFixHigh, Check, Close, Delete, DoneAll, Flag, History, MoreVert, NoteAlt, PictureAsPdf, Replay, SmartToy, Summarize, SwapHoriz, Undo } from '@mui/icons-material';
import { Avatar, Box, Button, ButtonBase, CircularProgress, IconButton, ListItemIcon, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementWidth } from '../../../lib/use-element-width.ts';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { CopilotSummary } from '../../copilot/copilot-summary.tsx';
import { useCopilotAllowed } from '../../copilot/use-copilot.ts';
import { MacroRunMenu } from '../../macros/macro-run-menu.tsx';
import { useMacrosAllowed } from '../../macros/use-macros.ts';
import { ScheduleContactButton } from '../../schedules/schedule-contact-button.tsx';
import { ChannelIcon } from '../../../components/channel-icon.tsx';
import { headerIsCompact, HEADER_CONTACT_SHRUNK_WIDTH } from './header-layout.ts';
import { openTicketDialog } from '../dialogs/ticket-dialogs.ts';
import { SlaChip } from '../sla-chip.tsx';
import { useTicketFlow } from '../use-ticket-flow.ts';
import { PriorityMenu, TicketPriorityMenu } from './ticket-priority-menu.tsx';

type ActionProps = {
  label: string;
  icon: ReactElement;
  testId: string;
  onClick: () => void;
  compact: boolean;
  color?: 'primary' | 'success' | 'error';
  variant?: 'contained' | 'outlined' | 'text';
  disabled?: boolean;
};

// A labelled button, or in a narrow header the same action as an icon named by its label.
const HeaderAction = ({ label, icon, testId, onClick, compact, color = 'primary', variant = 'text', disabled }: ActionProps) =>
  compact ? (
    <Tooltip title={label}>
      <span>
        <IconButton color={color} onClick={onClick} disabled={disabled} aria-label={label} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  ) : (
    <Button size="small" variant={variant} color={color} startIcon={icon} disabled={disabled} onClick={onClick} sx={{ flexShrink: 0 }} data-testid={testId}>
      {label}
    </Button>
  );

// Header of the chat with the actions of 01-core §4 that fit the ticket's status.
type TicketHeaderProps = { ticket: TicketView; onOpenContact: () => void; onExportPdf: () => void; exportingPdf: boolean };

export const TicketHeader = ({ ticket, onOpenContact, onExportPdf, exportingPdf }: TicketHeaderProps) => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const flow = useTicketFlow();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [priorityAnchor, setPriorityAnchor] = useState<HTMLElement | null>(null);
  const [macrosAnchor, setMacrosAnchor] = useState<HTMLElement | null>(null);
  const macrosAllowed = useMacrosAllowed();
  const copilotAllowed = useCopilotAllowed();
  const [summaryOpen, setSummaryOpen] = useState(false);
  const waiting = ticket.status === 'pending' || ticket.status === 'lgpd';
  const live = ticket.status === 'open' || ticket.status === 'group';
  const closeMenu = () => setMenu(null);
  const canIgnore = can(me, 'tickets:ignorePending');
  const [headerRef, headerWidth] = useElementWidth<HTMLDivElement>();
  // labelled buttons of this status; the return, schedule and menu buttons are icons already
  const textButtons = waiting ? 1 + Number(canIgnore) : Number(live || ticket.status === 'closed');
  // the priority chip counts as a labelled button; a compact header has it in its menu
  const compact = headerIsCompact(headerWidth, textButtons + 1, 2 + Number(live));

  return (
    <Stack
      ref={headerRef}
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', minHeight: 64 }}
      data-testid="ticket-header"
      data-compact={compact}
    >
      <ButtonBase
        onClick={onOpenContact}
        sx={{ display: 'flex', gap: 1.25, alignItems: 'center', minWidth: HEADER_CONTACT_SHRUNK_WIDTH, flex: 1, justifyContent: 'flex-start', borderRadius: 1, textAlign: 'left' }}
        data-testid="ticket-header-contact"
      >
        <Avatar src={ticket.contact.urlPicture || undefined} alt={ticket.contact.name}>
          {ticket.contact.name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <ChannelIcon channel={ticket.channel} sx={{ fontSize: 16 }} />
            <Typography noWrap sx={{ fontWeight: 600 }} data-testid="ticket-header-name">
              {ticket.contact.name}
            </Typography>
            {!compact && <Typography variant="caption" color="text.secondary">#{ticket.id}</Typography>}
          </Stack>
          {/* the SLA chip sits on the contact's second line, in the room the contact keeps, so it
              takes nothing from the actions and leaves the header's compactness as it was */}
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            {ticket.sla && <SlaChip sla={ticket.sla} testId="ticket-header-sla" />}
            <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ minWidth: 0 }} data-testid="ticket-header-owner">
              {ticket.user ? t('tickets.chat.assignedTo', { name: ticket.user.name }) : t('tickets.chat.unassigned')}
              {ticket.queue ? ` · ${ticket.queue.name}` : ''}
            </Typography>
          </Stack>
        </Box>
      </ButtonBase>
      {!compact && <TicketPriorityMenu ticket={ticket} />}
      {waiting && (
        <>
          {canIgnore && (
            <HeaderAction compact={compact} color="error" icon={<Close />} label={t('tickets.actions.ignore')} onClick={() => void flow.ignore(ticket)} testId="ticket-ignore" />
          )}
          <HeaderAction
            compact={compact}
            variant="contained"
            color="success"
            icon={<Check />}
            disabled={flow.busy}
            label={t('tickets.actions.accept')}
            onClick={() => void flow.accept(ticket)}
            testId="ticket-accept"
          />
        </>
      )}
      {live && (
        <>
          <Tooltip title={t('tickets.actions.return')}>
            <IconButton onClick={() => void flow.returnToQueue(ticket)} aria-label={t('tickets.actions.return')} data-testid="ticket-return">
              <Undo />
            </IconButton>
          </Tooltip>
          <HeaderAction
            compact={compact}
            variant="contained"
            icon={<DoneAll />}
            label={t('tickets.actions.resolve')}
            onClick={() => openTicketDialog({ kind: 'close', ticket })}
            testId="ticket-resolve"
          />
        </>
      )}
      {ticket.status === 'closed' && (
        <HeaderAction compact={compact} variant="outlined" icon={<Replay />} label={t('tickets.actions.reopen')} onClick={() => void flow.reopen(ticket)} testId="ticket-reopen" />
      )}
      {exportingPdf && <CircularProgress size={20} aria-label={t('tickets.actions.exportPdf')} data-testid="ticket-export-pdf-busy" />}
      <ScheduleContactButton contactId={ticket.contactId} channel={ticket.channel} />
      <IconButton onClick={(event) => setMenu(event.currentTarget)} aria-label={t('tickets.actions.more')} data-testid="ticket-menu">
        <MoreVert />
      </IconButton>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={closeMenu}>
        {compact && (
          <MenuItem onClick={() => { setPriorityAnchor(menu); closeMenu(); }} data-testid="ticket-menu-priority">
            <ListItemIcon><Flag fontSize="small" /></ListItemIcon>
            {t('tickets.priority.label')}: {t(`tickets.priority.${ticket.priority}`)}
          </MenuItem>
        )}
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
        {macrosAllowed && (
          <MenuItem onClick={() => { setMacrosAnchor(menu); closeMenu(); }} data-testid="ticket-macros">
            <ListItemIcon><AutoFixHigh fontSize="small" /></ListItemIcon>
            {t('macros.menu')}
          </MenuItem>
        )}
        {copilotAllowed && (
          <MenuItem onClick={() => { closeMenu(); setSummaryOpen(true); }} data-testid="copilot-summary">
            <ListItemIcon><Summarize fontSize="small" /></ListItemIcon>
            {t('copilot.summary')}
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
      <PriorityMenu ticket={ticket} anchor={priorityAnchor} onClose={() => setPriorityAnchor(null)} />
      {macrosAllowed && <MacroRunMenu ticketId={ticket.id} anchor={macrosAnchor} onClose={() => setMacrosAnchor(null)} />}
      {copilotAllowed && <CopilotSummary ticketId={ticket.id} open={summaryOpen} onClose={() => setSummaryOpen(false)} />}
    </Stack>
  );
};
