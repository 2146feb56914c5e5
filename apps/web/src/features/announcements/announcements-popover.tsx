import { announcementPriorityColors, type AnnouncementView } from '@atende/shared/announcements';
import { Campaign } from '@mui/icons-material';
import { Badge, Box, IconButton, List, ListItemButton, ListItemText, Popover, Tooltip, Typography } from '@mui/material';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage.ts';
import { formatDate } from '../tickets/ticket-format.ts';
import { AnnouncementDialog } from './announcement-dialog.tsx';
import { useAnnouncementsPages } from './use-announcements.ts';

// 01-core §2 Announcements popover: a paged list with a colour bar by priority and the date as
// DD/MM/YYYY. The badge counts the announcements newer than the last time the popover was opened
// (kept in this browser).
export const AnnouncementsPopover = () => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState<AnnouncementView | null>(null);
  const [seenAt, setSeenAt] = useState(() => readStorage(storageKeys.announcementsSeenAt) ?? '');
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useAnnouncementsPages('');
  const announcements = data?.pages.flatMap((page) => page.records) ?? [];
  const unread = announcements.filter((announcement) => announcement.createdAt > seenAt).length;

  const open = (target: HTMLElement) => {
    setAnchor(target);
    const newest = announcements[0]?.createdAt;
    if (newest && newest > seenAt) {
      setSeenAt(newest);
      writeStorage(storageKeys.announcementsSeenAt, newest);
    }
  };

  const onScroll = (event: UIEvent<HTMLElement>) => {
    if (isNearBottom(event.currentTarget) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  return (
    <>
      <Tooltip title={t('announcements.title')}>
        <IconButton color="inherit" onClick={(event) => open(event.currentTarget)} data-testid="announcements-popover-button">
          <Badge badgeContent={unread} color="error" data-testid="announcements-popover-badge">
            <Campaign />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 340, maxHeight: 420 }, onScroll, 'data-testid': 'announcements-popover' } as object }}
      >
        {announcements.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('announcements.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {announcements.map((announcement) => (
              <ListItemButton
                key={announcement.id}
                onClick={() => {
                  setAnchor(null);
                  setOpened(announcement);
                }}
                data-testid={`announcements-popover-${announcement.id}`}
              >
                <Box
                  sx={{ width: 4, alignSelf: 'stretch', mr: 1.5, borderRadius: 1, bgcolor: announcementPriorityColors[announcement.priority] }}
                  data-testid="announcement-priority-bar"
                />
                <ListItemText primary={announcement.title} secondary={formatDate(new Date(announcement.createdAt))} />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
      <AnnouncementDialog announcement={opened} onClose={() => setOpened(null)} />
    </>
  );
};
