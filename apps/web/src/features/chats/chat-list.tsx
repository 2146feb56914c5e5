import { unreadsOf, type ChatView } from '@atende/shared/chats';
import { Badge, Box, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { cut, formatTicketTime } from '../../lib/format.ts';

type ChatListProps = {
  chats: ChatView[];
  selectedId: number | undefined;
  onSelect: (chat: ChatView) => void;
  onEdit: (chat: ChatView) => void;
  onDelete: (chat: ChatView) => void;
};

export const ChatList = ({ chats, selectedId, onSelect, onEdit, onDelete }: ChatListProps) => {
  const me = useSessionUser();
  return (
    <List dense disablePadding>
      {chats.map((chat) => (
        <ListItemButton key={chat.id} selected={chat.id === selectedId} onClick={() => onSelect(chat)} data-testid={`chat-${chat.id}`}>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }} noWrap>
                  {chat.title}
                </Typography>
                <Badge badgeContent={unreadsOf(chat, me.id)} color="success" sx={{ mr: 1 }} data-testid={`chat-${chat.id}-unreads`} />
              </Stack>
            }
            secondary={`${formatTicketTime(chat.updatedAt)} · ${cut(chat.lastMessage, 40)}`}
          />
          {/* 02-operations §6: edit and delete are the owner's */}
          {chat.ownerId === me.id && (
            <Box onClick={(event) => event.stopPropagation()} sx={{ display: 'flex' }}>
              <EditDeleteActions onEdit={() => onEdit(chat)} onDelete={() => onDelete(chat)} testIdPrefix={`chat-${chat.id}`} />
            </Box>
          )}
        </ListItemButton>
      ))}
    </List>
  );
};
