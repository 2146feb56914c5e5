import { MOBILE_BREAKPOINT, SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { unreadsOf, type ChatView } from '@atende/shared/chats';
import { Add } from '@mui/icons-material';
import { Box, Button, Paper, Stack, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { useEffect, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { DeleteRecordDialog } from '../../components/delete-record-dialog.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { ChatDialog } from './chat-dialog.tsx';
import { ChatList } from './chat-list.tsx';
import { ChatMessages } from './chat-messages.tsx';
import { useChatsPages, useMarkChatRead, useRemoveChat } from './use-chats.ts';

type DialogState = { open: boolean; chat: ChatView | null };

// 02-operations §2 /chats and /chats/{uuid}: the user's chats beside the open one; on narrow
// screens the tabs Chats and Messages.
export const ChatsPage = () => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const { uuid } = useParams();
  const narrow = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT}px)`, { noSsr: true });
  const [tab, setTab] = useState<'chats' | 'messages'>(uuid ? 'messages' : 'chats');
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useChatsPages(debouncedSearch);
  const chats = data?.pages.flatMap((page) => page.records) ?? [];
  const open = chats.find((chat) => chat.uuid === uuid);
  const [dialog, setDialog] = useState<DialogState>({ open: false, chat: null });
  const [deleting, setDeleting] = useState<ChatView | null>(null);

  // the open chat is read: its count clears now and whenever a message comes in while it is open
  const read = useMarkChatRead();
  const openUnreads = open ? unreadsOf(open, me.id) : 0;
  const { mutate: markRead } = read;
  useEffect(() => {
    if (open && openUnreads > 0) markRead(open.id);
  }, [open, openUnreads, markRead]);

  const remove = useRemoveChat();
  const removed = (chatId: number) => {
    setDeleting(null);
    if (open?.id === chatId) navigate('/chats');
  };

  const select = (chat: ChatView) => {
    navigate(`/chats/${chat.uuid}`);
    setTab('messages');
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (isNearBottom(event.currentTarget) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  const list = (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ p: 1 }}>
        <SearchField value={search} onChange={setSearch} fullWidth testId="chats-search" />
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ open: true, chat: null })} data-testid="chats-add">
          {t('chats.new')}
        </Button>
      </Stack>
      <Box onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="chats-scroll">
        <ChatList chats={chats} selectedId={open?.id} onSelect={select} onEdit={(chat) => setDialog({ open: true, chat })} onDelete={setDeleting} />
        <ListStatus loading={isPending || isFetchingNextPage} empty={chats.length === 0} emptyText={t('chats.empty')} />
      </Box>
    </Stack>
  );

  const messages = open ? (
    <ChatMessages key={open.id} chat={open} />
  ) : (
    <Typography color="text.secondary" sx={{ p: 2 }} data-testid="chat-none">
      {t('chats.choose')}
    </Typography>
  );

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('chats.title')}
      </Typography>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: narrow ? 'column' : 'row' }} data-testid="chats-page">
        {narrow ? (
          <>
            <Tabs value={tab} onChange={(_, value: 'chats' | 'messages') => setTab(value)} variant="fullWidth">
              <Tab value="chats" label={t('chats.tabs.chats')} data-testid="chats-tab-chats" />
              <Tab value="messages" label={t('chats.tabs.messages')} data-testid="chats-tab-messages" />
            </Tabs>
            <Box sx={{ flex: 1, minHeight: 0 }}>{tab === 'chats' ? list : messages}</Box>
          </>
        ) : (
          <>
            <Box sx={{ width: 340, borderRight: 1, borderColor: 'divider', minHeight: 0 }}>{list}</Box>
            <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>{messages}</Box>
          </>
        )}
      </Paper>
      <ChatDialog
        open={dialog.open}
        chat={dialog.chat}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        onSaved={(chat) => {
          if (!dialog.chat) select(chat);
        }}
      />
      <DeleteRecordDialog open={deleting !== null} busy={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: (_, chatId) => removed(chatId) })} onClose={() => setDeleting(null)} />
    </Stack>
  );
};
