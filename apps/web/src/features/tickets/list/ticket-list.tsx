import type { TicketView } from '@atende/shared/tickets';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNearBottom } from '../../../lib/infinite-scroll.ts';
import { TICKET_ROW_HEIGHT, TicketRow, type RowActions } from './ticket-row.tsx';

type TicketListProps = {
  tickets: TicketView[];
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  selectedUuid: string | undefined;
  meId: number;
  showOwner: boolean;
  actions: RowActions;
};

const OVERSCAN = 6;

// Fixed-height windowing: only the rows in view (plus a margin) are in the DOM, so long lists
// scroll smoothly and a live event re-renders a handful of rows (issue: long list stays smooth).
export const TicketList = ({ tickets, loading, loadingMore, hasMore, onLoadMore, selectedUuid, meId, showOwner, actions }: TicketListProps) => {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  const frame = useRef(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setView((current) => ({ ...current, height: element.clientHeight })));
    observer.observe(element);
    setView({ top: element.scrollTop, height: element.clientHeight });
    return () => observer.disconnect();
  }, []);

  // a short first page may not fill the box: keep loading until it scrolls or ends
  useEffect(() => {
    const element = ref.current;
    if (element && hasMore && !loadingMore && !loading && isNearBottom(element)) onLoadMore();
  }, [tickets.length, hasMore, loadingMore, loading, onLoadMore]);

  const onScroll = () => {
    const element = ref.current;
    if (!element) return;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setView({ top: element.scrollTop, height: element.clientHeight }));
    if (hasMore && !loadingMore && isNearBottom(element)) onLoadMore();
  };

  const first = Math.max(0, Math.floor(view.top / TICKET_ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(tickets.length, Math.ceil((view.top + view.height) / TICKET_ROW_HEIGHT) + OVERSCAN);

  return (
    <Box ref={ref} onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="ticket-list">
      <Box sx={{ height: tickets.length * TICKET_ROW_HEIGHT, position: 'relative' }}>
        <Box sx={{ position: 'absolute', top: first * TICKET_ROW_HEIGHT, left: 0, right: 0 }}>
          {tickets.slice(first, last).map((ticket) => (
            <TicketRow
              key={ticket.id}
              ticket={ticket}
              selected={ticket.uuid === selectedUuid}
              meId={meId}
              showOwner={showOwner}
              actions={actions}
            />
          ))}
        </Box>
      </Box>
      {(loading || loadingMore) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={24} />
        </Box>
      )}
      {!loading && tickets.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} data-testid="ticket-list-empty">
          {t('tickets.list.empty')}
        </Typography>
      )}
    </Box>
  );
};
