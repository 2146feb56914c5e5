import { CHAT_LOAD_MORE_TOP_PX, type ChatView } from '@atende/shared/chats';
import { Send } from '@mui/icons-material';
import { Box, IconButton, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { formatTicketTime } from '../../lib/format.ts';
import { useChatMessages, useSendChatMessage } from './use-chats.ts';

// One chat's messages, oldest at the top. Older pages load when the list is scrolled within
// 600 px of its top (02-operations §9); the view keeps its place while they come in, and follows
// the newest message.
export const ChatMessages = ({ chat }: { chat: ChatView }) => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useChatMessages(chat.id);
  const messages = [...(data?.pages ?? [])].reverse().flatMap((page) => page.records);
  const scroller = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);
  const lastId = messages.at(-1)?.id;
  const [text, setText] = useState('');

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      // older messages went in above: stay on what was in view
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    element.scrollTop = element.scrollHeight;
  }, [lastId, messages.length]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    if (element.scrollTop < CHAT_LOAD_MORE_TOP_PX && hasNextPage && !isFetchingNextPage) {
      heightBeforeOlder.current = element.scrollHeight;
      void fetchNextPage();
    }
  };

  // a short first page leaves nothing to scroll: the next one loads at once
  useEffect(() => {
    const element = scroller.current;
    if (element && element.scrollHeight <= element.clientHeight && hasNextPage && !isFetchingNextPage) {
      heightBeforeOlder.current = element.scrollHeight;
      void fetchNextPage();
    }
  }, [data, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const send = useSendChatMessage(chat.id);
  const submit = () => {
    if (text.trim()) send.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} data-testid="chat-messages">
      <Typography variant="subtitle1" sx={{ px: 2, py: 1, fontWeight: 600, borderBottom: 1, borderColor: 'divider' }} data-testid="chat-open-title">
        {chat.title}
      </Typography>
      <Box ref={scroller} onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: 2 }} data-testid="chat-messages-scroll">
        <Stack spacing={1}>
          {messages.map((message) => {
            const mine = message.senderId === me.id;
            return (
              <Paper
                key={message.id}
                variant="outlined"
                sx={{ p: 1, maxWidth: '75%', alignSelf: mine ? 'flex-end' : 'flex-start', bgcolor: mine ? 'action.selected' : 'background.paper' }}
                data-testid="chat-message"
              >
                <Typography variant="caption" color="text.secondary">
                  {message.sender.name}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {message.message}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'right' }}>
                  {formatTicketTime(message.createdAt)}
                </Typography>
              </Paper>
            );
          })}
        </Stack>
      </Box>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ p: 1, borderTop: 1, borderColor: 'divider' }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          fullWidth
          size="small"
          multiline
          maxRows={4}
          placeholder={t('chats.typeMessage')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
          slotProps={{ htmlInput: { 'data-testid': 'chat-input' } }}
        />
        <IconButton type="submit" color="primary" disabled={send.isPending || !text.trim()} aria-label={t('chats.send')} data-testid="chat-send">
          <Send />
        </IconButton>
      </Stack>
    </Stack>
  );
};
