import { unreadsOf } from '@atende/shared/chats';
import { Forum } from '@mui/icons-material';
import { Badge, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import type { UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppBarPopover } from '../../components/app-bar-popover.tsx';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { cut, formatTicketTime } from '../../lib/format.ts';
import { useChatsPages } from './use-chats.ts';

// 01-core §2 Internal chat popover: the user's chats, paged, with last message and time; a click
// opens /chats/{uuid}. The badge counts the chats with unread messages.
export const ChatsPopover = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSessionUser();
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useChatsPages('');
  const chats = data?.pages.flatMap((page) => page.records) ?? [];
  const unread = chats.filter((chat) => unreadsOf(chat, me.id) > 0).length;

  const onScroll = (event: UIEvent<HTMLElement>) => {
    if (isNearBottom(event.currentTarget) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  return (
    <AppBarPopover title={t('chats.title')} icon={<Forum />} count={unread} testId="chats" onScroll={onScroll}>
      {(close) =>
        chats.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('chats.empty')}
          </Typography>
        ) : (
          <List dense>
            {chats.map((chat) => (
              <ListItemButton
                key={chat.id}
                onClick={() => {
                  close();
                  navigate(`/chats/${chat.uuid}`);
                }}
                data-testid={`chats-popover-${chat.id}`}
              >
                <ListItemText primary={chat.title} secondary={`${formatTicketTime(chat.updatedAt)} · ${cut(chat.lastMessage, 40)}`} />
                <Badge badgeContent={unreadsOf(chat, me.id)} color="success" sx={{ mr: 1 }} />
              </ListItemButton>
            ))}
          </List>
        )
      }
    </AppBarPopover>
  );
};
