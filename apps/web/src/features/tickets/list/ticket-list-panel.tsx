import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { can } from '@atende/shared/permissions';
import type { TicketView } from '@atende/shared/tickets';
import { Add, ArrowDownward, ArrowUpward, DoneAll, FilterList, Search, Visibility, VisibilityOff } from '@mui/icons-material';
import { Badge, Box, Checkbox, FormControlLabel, IconButton, InputAdornment, Stack, Tab, Tabs, TextField, Tooltip } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTicketCount } from './ticket-format.ts';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { toastError } from '../../../lib/error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { openTicketDialog } from '../dialogs/ticket-dialogs.ts';
import { noExtraFilters, TicketFiltersPanel, type ExtraFilters } from './ticket-filters-panel.tsx';
import { TicketList } from './ticket-list.tsx';
import type { RowActions } from './ticket-row.tsx';
import type { TicketListFilters } from '../tickets-api.ts';
import { ticketsUi, useTicketTab, type TicketTab } from '../tickets-ui-store.ts';
import { QueueFilter } from './queue-filter.tsx';
import { useMyQueues } from '../../queues/use-queues.ts';
import { useCloseAllTickets, useTicketsList } from './use-tickets.ts';
import { useTicketFlow } from '../use-ticket-flow.ts';

export const TicketListPanel = ({ selectedUuid }: { selectedUuid: string | undefined }) => {
  const { t, i18n } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const flow = useTicketFlow();
  const tab = useTicketTab();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [searchOnMessages, setSearchOnMessages] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [sort, setSort] = useState<'ASC' | 'DESC'>('DESC');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [extra, setExtra] = useState<ExtraFilters>(noExtraFilters);
  const [closeAllOpen, setCloseAllOpen] = useState(false);
  const { data: myQueues = [] } = useMyQueues();
  const [queueIds, setQueueIds] = useState<number[] | null>(null);
  const selectedQueues = useMemo(() => queueIds ?? myQueues.map((queue) => queue.id), [queueIds, myQueues]);
  const allowGroup = can(me, 'tickets:group');

  useEffect(() => {
    if (tab === 'group' && !allowGroup) ticketsUi.setTab('open');
  }, [tab, allowGroup]);

  // a search or a status filter lists every status (the search mode of 01-core §2)
  const searching = Boolean(searchParam) || extra.statusFilter.length > 0;
  const filters = useMemo<TicketListFilters>(
    () => ({
      status: searching ? undefined : tab,
      searchParam,
      searchOnMessages,
      showAll,
      queueIds: selectedQueues,
      tags: extra.tags,
      users: extra.users,
      whatsapps: extra.whatsapps,
      statusFilter: extra.statusFilter,
      sortTickets: sort,
      priorities: extra.priorities,
      sortByPriority: extra.sortByPriority,
    }),
    [searching, tab, searchParam, searchOnMessages, showAll, selectedQueues, extra, sort],
  );
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useTicketsList(filters);
  const tickets = useMemo(() => data?.pages.flatMap((page) => page.tickets) ?? [], [data]);
  const count = data?.pages[0]?.count ?? 0;
  // the waiting list is held beside the one shown, so its count stays on its tab whichever tab
  // is selected: waiting customers are never invisible (issue 35 point 4). On the waiting tab
  // both are the same query.
  const pendingFilters = useMemo<TicketListFilters>(() => ({ ...filters, status: 'pending' }), [filters]);
  const pending = useTicketsList(pendingFilters, !searching);
  const pendingCount = pending.data?.pages[0]?.count ?? 0;
  const countOf = (value: TicketTab) => {
    if (searching) return 0;
    if (value === tab) return count;
    return value === 'pending' ? pendingCount : 0;
  };
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  // stable row callbacks keep the memoised rows from re-rendering on every list change
  const flowRef = useRef(flow);
  flowRef.current = flow;
  const canIgnore = can(me, 'tickets:ignorePending');
  const actions = useMemo<RowActions>(
    () => ({
      onOpen: (ticket: TicketView) => navigate(`/tickets/${ticket.uuid}`),
      onAccept: (ticket) => void flowRef.current.accept(ticket),
      onIgnore: canIgnore ? (ticket) => void flowRef.current.ignore(ticket) : undefined,
      onReturn: (ticket) => void flowRef.current.returnToQueue(ticket),
      onResolve: (ticket) => openTicketDialog({ kind: 'close', ticket }),
      onReopen: (ticket) => void flowRef.current.reopen(ticket),
    }),
    [navigate, canIgnore],
  );

  const closeAllTickets = useCloseAllTickets();
  const closeAll = () =>
    closeAllTickets.mutate({ status: tab === 'pending' ? 'pending' : 'open', queueIds: selectedQueues }, { onSuccess: () => setCloseAllOpen(false), onError: (error) => toastError(error) });

  const tabs: { value: TicketTab; label: string }[] = [
    { value: 'open', label: t('tickets.tabs.open') },
    { value: 'pending', label: t('tickets.tabs.pending') },
    { value: 'closed', label: t('tickets.tabs.closed') },
    ...(allowGroup ? [{ value: 'group' as const, label: t('tickets.tabs.group') }] : []),
  ];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="ticket-list-panel">
      <Stack spacing={1} sx={{ p: 1.5, pb: 0.5 }}>
        <TextField
          size="small"
          fullWidth
          placeholder={t('tickets.list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'tickets-search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            sx={{ mr: 'auto' }}
            control={
              <Checkbox
                size="small"
                checked={searchOnMessages}
                onChange={(event) => setSearchOnMessages(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'tickets-search-messages' } as object }}
              />
            }
            label={t('tickets.list.searchOnMessages')}
            slotProps={{ typography: { variant: 'body2' } }}
          />
          <Tooltip title={t('tickets.list.filters')}>
            <IconButton size="small" color={filtersOpen ? 'primary' : 'default'} onClick={() => setFiltersOpen((open) => !open)} data-testid="tickets-filter-toggle">
              <Badge color="primary" variant="dot" invisible={extra === noExtraFilters}>
                <FilterList fontSize="small" />
              </Badge>
            </IconButton>
          </Tooltip>
          {can(me, 'tickets-manager:showall') && (
            <Tooltip title={showAll ? t('tickets.list.hideAll') : t('tickets.list.showAll')}>
              <IconButton size="small" color={showAll ? 'primary' : 'default'} onClick={() => setShowAll((value) => !value)} data-testid="tickets-show-all" aria-pressed={showAll}>
                {showAll ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={sort === 'DESC' ? t('tickets.list.sortDesc') : t('tickets.list.sortAsc')}>
            <IconButton size="small" onClick={() => setSort((value) => (value === 'DESC' ? 'ASC' : 'DESC'))} data-testid="tickets-sort">
              {sort === 'DESC' ? <ArrowDownward fontSize="small" /> : <ArrowUpward fontSize="small" />}
            </IconButton>
          </Tooltip>
          {can(me, 'tickets-manager:closeAll') && (
            <Tooltip title={t('tickets.list.closeAll')}>
              <IconButton size="small" onClick={() => setCloseAllOpen(true)} data-testid="tickets-close-all">
                <DoneAll fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('tickets.list.newTicket')}>
            <IconButton size="small" color="primary" onClick={() => openTicketDialog({ kind: 'new', contact: null })} data-testid="tickets-new">
              <Add fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {myQueues.length > 0 && <QueueFilter queues={myQueues} value={selectedQueues} onChange={setQueueIds} />}
      </Stack>
      {filtersOpen && (
        <TicketFiltersPanel value={extra} onChange={setExtra} showUsers={can(me, 'tickets-manager:filterUsers')} />
      )}
      <Tabs
        value={searching ? false : tab}
        onChange={(_, value: TicketTab) => ticketsUi.setTab(value)}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: 1 } }}
      >
        {tabs.map((item) => {
          const tabCount = countOf(item.value);
          return (
            <Tab
              key={item.value}
              value={item.value}
              data-testid={`tickets-tab-${item.value}`}
              label={
                <span>
                  {item.label}
                  {tabCount > 0 && (
                    <Box
                      component="span"
                      sx={{ ml: 0.75, px: 0.75, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 11 }}
                      data-testid={item.value === tab ? 'tickets-tab-count' : `tickets-tab-${item.value}-count`}
                    >
                      {formatTicketCount(tabCount, i18n.language)}
                    </Box>
                  )}
                </span>
              }
            />
          );
        })}
      </Tabs>
      <TicketList
        tickets={tickets}
        loading={isPending}
        loadingMore={isFetchingNextPage}
        hasMore={Boolean(hasNextPage)}
        onLoadMore={loadMore}
        selectedUuid={selectedUuid}
        meId={me.id}
        showOwner={can(me, 'tickets-manager:showOwner')}
        actions={actions}
      />
      <ConfirmDialog open={closeAllOpen} title={t('tickets.list.closeAll')} onConfirm={closeAll} onClose={() => setCloseAllOpen(false)}>
        {t('tickets.list.closeAllConfirm')}
      </ConfirmDialog>
    </Box>
  );
};
