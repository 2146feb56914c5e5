import { channelCan } from '@atende/shared/channel-capabilities';
import { MESSAGE_EDIT_WINDOW_MS, type MessageView } from '@atende/shared/messages';
import type { TicketView } from '@atende/shared/tickets';
import { Box, CircularProgress, Typography } from '@mui/material';
import { Fragment, useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { toastError } from '../../../lib/error-message.ts';
import { useSessionUser } from '../../../lib/session/session-context.ts';
import { DaySeparator, MessageBubble } from './message-bubble.tsx';
import { formatDate, isSameDay } from '../../../lib/format.ts';
import { useDeleteMessage, useMessages } from './use-messages.ts';

const TOP_THRESHOLD_PX = 50;

type MessageListProps = {
  ticket: TicketView;
  // the scrolling element, for the PDF export
  scrollerRef?: RefObject<HTMLDivElement | null>;
  onReply: (message: MessageView) => void;
  onEdit: (message: MessageView) => void;
  selecting: boolean;
  selected: ReadonlySet<number>;
  onToggleSelect: (message: MessageView) => void;
  onForward: (message: MessageView) => void;
};

export const MessageList = ({ ticket, scrollerRef, onReply, onEdit, selecting, selected, onToggleSelect, onForward }: MessageListProps) => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useMessages(ticket.id);
  const ref = useRef<HTMLDivElement>(null);
  const previous = useRef<{ height: number; count: number; lastId: number | undefined } | null>(null);
  const [deleting, setDeleting] = useState<MessageView | null>(null);
  const attach = useCallback(
    (node: HTMLDivElement | null) => {
      ref.current = node;
      if (scrollerRef) scrollerRef.current = node;
    },
    [scrollerRef],
  );

  // pages hold newest first; each page runs oldest to newest
  const messages = useMemo(() => {
    const seen = new Set<number>();
    const list: MessageView[] = [];
    for (const page of [...(data?.pages ?? [])].reverse()) {
      for (const message of page.messages) {
        if (seen.has(message.id)) continue;
        seen.add(message.id);
        list.push(message);
      }
    }
    return list;
  }, [data]);

  // keep the view pinned: at the bottom for new messages, in place when older ones load above
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const before = previous.current;
    const lastId = messages.at(-1)?.id;
    if (!before || before.count === 0) element.scrollTop = element.scrollHeight;
    else if (before.lastId !== lastId) {
      const nearBottom = before.height - element.scrollTop - element.clientHeight < 200;
      if (nearBottom || messages.at(-1)?.fromMe) element.scrollTop = element.scrollHeight;
    } else if (messages.length > before.count) element.scrollTop += element.scrollHeight - before.height;
    previous.current = { height: element.scrollHeight, count: messages.length, lastId };
  }, [messages]);

  const onScroll = () => {
    const element = ref.current;
    if (element && element.scrollTop < TOP_THRESHOLD_PX && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  // a channel that keeps what was sent (the Meta channels, email) edits only private notes
  const channelEdits = channelCan(ticket.channel, 'editsSent');
  const canEdit = useCallback(
    (message: MessageView) =>
      message.fromMe &&
      message.userId === me.id &&
      !message.isDeleted &&
      !message.mediaUrl &&
      (channelEdits || message.isPrivate) &&
      Date.now() - new Date(message.createdAt).getTime() < MESSAGE_EDIT_WINDOW_MS,
    [me.id, channelEdits],
  );

  const deleteMessage = useDeleteMessage();
  const remove = () => {
    if (deleting) deleteMessage.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: (error) => toastError(error) });
  };

  return (
    <Box
      ref={attach}
      onScroll={onScroll}
      sx={(theme) => ({ flex: 1, minHeight: 0, overflowY: 'auto', py: 1, bgcolor: theme.palette.mode === 'dark' ? '#0b141a' : '#efeae2' })}
      data-testid="message-list"
    >
      {(isPending || isFetchingNextPage) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <CircularProgress size={22} />
        </Box>
      )}
      {!isPending && messages.length === 0 && (
        <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
          <Typography color="text.secondary" data-testid="chat-empty">
            {t('tickets.chat.empty')}
          </Typography>
        </Box>
      )}
      {messages.map((message, index) => {
        const day = new Date(message.createdAt);
        const previousDay = index > 0 ? new Date(messages[index - 1].createdAt) : null;
        return (
          <Fragment key={message.id}>
            {(!previousDay || !isSameDay(day, previousDay)) && <DaySeparator label={formatDate(day)} />}
            <MessageBubble
              message={message}
              canEdit={canEdit(message)}
              onReply={onReply}
              onEdit={onEdit}
              onDelete={setDeleting}
              selecting={selecting}
              checked={selected.has(message.id)}
              onToggleSelect={onToggleSelect}
              onForward={onForward}
            />
          </Fragment>
        );
      })}
      <ConfirmDialog open={deleting !== null} title={t('tickets.messages.deleteTitle')} onConfirm={remove} onClose={() => setDeleting(null)}>
        {t('tickets.messages.deleteConfirm')}
      </ConfirmDialog>
    </Box>
  );
};
