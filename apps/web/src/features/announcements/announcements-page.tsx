import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { announcementPriorityColors, type AnnouncementView } from '@atende/shared/announcements';
import { Add } from '@mui/icons-material';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteRecordDialog } from '../../components/delete-record-dialog.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { AnnouncementFormDialog } from './announcement-form-dialog.tsx';
import { announcementsApi, announcementsQueryKeys } from './announcements-api.ts';
import { useAnnouncementsPages } from './use-announcements.ts';

type FormState = { open: boolean; announcement: AnnouncementView | null };

// 02-operations §2 /announcements (super only): title, priority, attachment, status, actions.
export const AnnouncementsPage = () => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useAnnouncementsPages(debouncedSearch);
  const announcements = data?.pages.flatMap((page) => page.records) ?? [];
  const [form, setForm] = useState<FormState>({ open: false, announcement: null });
  const [deleting, setDeleting] = useState<AnnouncementView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => announcementsApi.remove(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: announcementsQueryKeys.all });
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (isNearBottom(event.currentTarget) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('announcements.title')}
        </Typography>
        <SearchField value={search} onChange={setSearch} />
        <Button variant="contained" startIcon={<Add />} onClick={() => setForm({ open: true, announcement: null })} data-testid="announcements-add">
          {t('announcements.new')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table size="small" stickyHeader data-testid="announcements-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('announcements.fields.title')}</TableCell>
              <TableCell>{t('announcements.fields.priority')}</TableCell>
              <TableCell>{t('announcements.fields.media')}</TableCell>
              <TableCell>{t('announcements.fields.status')}</TableCell>
              <TableCell align="right">{t('announcements.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {announcements.map((announcement) => (
              <TableRow key={announcement.id} data-testid="announcements-row">
                <TableCell>{announcement.title}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: announcementPriorityColors[announcement.priority] }} />
                    <span>{t(`announcements.priorities.${announcement.priority}`)}</span>
                  </Stack>
                </TableCell>
                <TableCell>{announcement.mediaName ?? '-'}</TableCell>
                <TableCell>{announcement.status ? t('announcements.active') : t('announcements.inactive')}</TableCell>
                <TableCell align="right">
                  <EditDeleteActions
                    onEdit={() => setForm({ open: true, announcement })}
                    onDelete={() => setDeleting(announcement)}
                    testIdPrefix={`announcement-${announcement.id}`}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending || isFetchingNextPage} empty={announcements.length === 0} emptyText={t('announcements.empty')} />
      </Paper>
      <AnnouncementFormDialog open={form.open} announcement={form.announcement} onClose={() => setForm((current) => ({ ...current, open: false }))} />
      <DeleteRecordDialog open={deleting !== null} busy={remove.isPending} onConfirm={() => deleting && remove.mutate(deleting.id)} onClose={() => setDeleting(null)} />
    </Stack>
  );
};
