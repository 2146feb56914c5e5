import { announcementPriorityColors, type AnnouncementView } from '@atende/shared/announcements';
import { Campaign } from '@mui/icons-material';
import { Box, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppBarPopover } from '../../components/app-bar-popover.tsx';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage.ts';
import { formatDate } from '../../lib/format.ts';
import { AnnouncementDialog } from './announcement-dialog.tsx';
import { useAnnouncementsPages } from './use-announcements.ts';

// 01-core §2 Announcements popover: a paged list with a colour bar by priority and the date as
// DD/MM/YYYY. The badge counts the announcements newer than the newest one seen when the popover
// was last opened (kept in this browser).
export const AnnouncementsPopover = () => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<AnnouncementView | null>(null);
  const [seenAt, setSeenAt] = useState(() => readStorage(storageKeys.announcementsSeenAt) ?? '');
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = useAnnouncementsPages('');
  const announcements = data?.pages.flatMap((page) => page.records) ?? [];
  const unread = announcements.filter((announcement) => announcement.createdAt > seenAt).length;

  const markSeen = () => {
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
      <AppBarPopover title={t('announcements.title')} icon={<Campaign />} count={unread} testId="announcements" onOpen={markSeen} onScroll={onScroll}>
        {(close) =>
          announcements.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('announcements.empty')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {announcements.map((announcement) => (
                <ListItemButton
                  key={announcement.id}
                  onClick={() => {
                    close();
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
          )
        }
      </AppBarPopover>
      <AnnouncementDialog announcement={opened} onClose={() => setOpened(null)} />
    </>
  );
};
