import { ratingFace } from '@atende/shared/ratings';
import type { TicketView } from '@atende/shared/tickets';
import { Check, Close, Replay, SmartToy, Groups, Undo, DoneAll } from '@mui/icons-material';
import { Avatar, Badge, Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { textOnColor } from '../../../lib/text-on-color.ts';
import { ChannelIcon } from '../../../components/channel-icon.tsx';
import { lastMessagePreview } from './ticket-format.ts';
import { PriorityChip } from '../priority-chip.tsx';
import { SlaChip } from '../sla-chip.tsx';
import { cut, formatTicketTime } from '../../../lib/format.ts';

export const TICKET_ROW_HEIGHT = 92;
const DEFAULT_QUEUE_COLOR = '#7c7c7c';

export type RowActions = {
  onOpen: (ticket: TicketView) => void;
  onAccept: (ticket: TicketView) => void;
  onIgnore?: (ticket: TicketView) => void;
  onReturn: (ticket: TicketView) => void;
  onResolve: (ticket: TicketView) => void;
  onReopen: (ticket: TicketView) => void;
};

type TicketRowProps = {
  ticket: TicketView;
  selected: boolean;
  meId: number;
  showOwner: boolean;
  actions: RowActions;
};

const stop = (handler: () => void) => (event: React.MouseEvent) => {
  event.stopPropagation();
  handler();
};

// One row of 01-core §2 Ticket manager; memoised so live events re-render only the changed row.
export const TicketRow = memo(({ ticket, selected, meId, showOwner, actions }: TicketRowProps) => {
  const { t } = useTranslation();
  const mine = ticket.userId === meId;
  const live = ticket.status === 'open' || ticket.status === 'group';
  const extraTags = ticket.tags.length - 2;
  return (
    <Box
      onClick={() => actions.onOpen(ticket)}
      data-testid={`ticket-row-${ticket.id}`}
      data-ticket-uuid={ticket.uuid}
      data-status={ticket.status}
      sx={{
        height: TICKET_ROW_HEIGHT,
        display: 'flex',
        gap: 1.25,
        alignItems: 'center',
        px: 1.5,
        cursor: 'pointer',
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: ticket.queue?.color || DEFAULT_QUEUE_COLOR,
        bgcolor: selected ? 'action.selected' : 'transparent',
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
        '&:hover .row-actions, &:focus-within .row-actions': { opacity: 1 },
      }}
    >
      {/* the keyboard's way in; a pointer opens the ticket from anywhere on the row. Its actions are
          beside it, not inside it: a button inside a button is unreachable to assistive technology */}
      <Box
        role="button"
        tabIndex={0}
        onKeyDown={(event) => event.key === 'Enter' && actions.onOpen(ticket)}
        sx={{ display: 'flex', gap: 1.25, alignItems: 'center', flex: 1, minWidth: 0, alignSelf: 'stretch' }}
        data-testid="ticket-row-open"
      >
        <Avatar src={ticket.contact.urlPicture || undefined} alt={ticket.contact.name} sx={{ width: 44, height: 44 }}>
          {ticket.contact.name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <ChannelIcon channel={ticket.channel} sx={{ fontSize: 16 }} />
            <Typography noWrap sx={{ fontWeight: 600, flex: 1, minWidth: 0 }} data-testid="ticket-row-name">
              {cut(ticket.contact.name, 60)}
            </Typography>
            {ticket.isGroup && <Groups fontSize="small" color="action" titleAccess={t('tickets.row.group')} />}
            {ticket.isBot && <SmartToy fontSize="small" color="action" titleAccess={t('tickets.row.bot')} />}
            {ticket.userRating && (
              <span title={t('tickets.row.rating', { rate: ticket.userRating.rate })} data-testid="ticket-row-rating">
                {ratingFace(ticket.userRating.rate)}
              </span>
            )}
            <Typography variant="caption" color={ticket.unreadMessages > 0 ? 'success.main' : 'text.secondary'} sx={{ flexShrink: 0 }}>
              {formatTicketTime(ticket.updatedAt)}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid="ticket-row-last">
              {cut(lastMessagePreview(ticket.lastMessage), 40) || '\u00a0'}
            </Typography>
            {ticket.unreadMessages > 0 && (
              <Badge
                badgeContent={ticket.unreadMessages}
                color="success"
                max={999}
                sx={{ mr: 1.25 }}
                slotProps={{ badge: { 'data-testid': 'ticket-row-unread' } as object }}
              />
            )}
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mt: 0.25, overflow: 'hidden' }}>
            {ticket.sla && <SlaChip sla={ticket.sla} testId="ticket-row-sla" />}
            {ticket.priority !== 'none' && <PriorityChip priority={ticket.priority} testId="ticket-row-priority" />}
            <Chip
              size="small"
              label={ticket.queue?.name ?? t('tickets.row.noQueue')}
              sx={{ height: 18, fontSize: 11, bgcolor: ticket.queue?.color || DEFAULT_QUEUE_COLOR, color: textOnColor(ticket.queue?.color || DEFAULT_QUEUE_COLOR) }}
            />
            {ticket.whatsapp && (
              <Chip size="small" variant="outlined" label={ticket.whatsapp.name} sx={{ height: 18, fontSize: 11 }} />
            )}
            {showOwner && ticket.user && (
              <Chip
                size="small"
                label={ticket.user.name}
                data-testid="ticket-row-owner"
                sx={(theme) => ({ height: 18, fontSize: 11, bgcolor: ticket.user?.color || 'primary.main', color: ticket.user?.color ? textOnColor(ticket.user.color) : theme.palette.primary.contrastText })}
              />
            )}
            {ticket.tags.slice(0, 2).map((tag) => (
              <Chip key={tag.id} size="small" label={tag.name} sx={{ height: 18, fontSize: 11, bgcolor: tag.color, color: textOnColor(tag.color) }} />
            ))}
            {extraTags > 0 && <Chip size="small" label={`+${extraTags}`} sx={{ height: 18, fontSize: 11 }} />}
          </Stack>
        </Box>
      </Box>
      <Stack className="row-actions" direction="column" spacing={0.25} sx={{ opacity: { xs: 1, md: selected ? 1 : 0.55 } }}>
        {(ticket.status === 'pending' || ticket.status === 'lgpd') && (
          <>
            <Tooltip title={t('tickets.actions.accept')}>
              <IconButton size="small" color="success" onClick={stop(() => actions.onAccept(ticket))} data-testid="ticket-row-accept">
                <Check fontSize="small" />
              </IconButton>
            </Tooltip>
            {actions.onIgnore && (
              <Tooltip title={t('tickets.actions.ignore')}>
                <IconButton size="small" color="error" onClick={stop(() => actions.onIgnore?.(ticket))} data-testid="ticket-row-ignore">
                  <Close fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        )}
        {live && mine && (
          <>
            <Tooltip title={t('tickets.actions.resolve')}>
              <IconButton size="small" color="success" onClick={stop(() => actions.onResolve(ticket))} data-testid="ticket-row-resolve">
                <DoneAll fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('tickets.actions.return')}>
              <IconButton size="small" onClick={stop(() => actions.onReturn(ticket))} data-testid="ticket-row-return">
                <Undo fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
        {ticket.status === 'closed' && (
          <Tooltip title={t('tickets.actions.reopen')}>
            <IconButton size="small" onClick={stop(() => actions.onReopen(ticket))} data-testid="ticket-row-reopen">
              <Replay fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    </Box>
  );
});
TicketRow.displayName = 'TicketRow';
