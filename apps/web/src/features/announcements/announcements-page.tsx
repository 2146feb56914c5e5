import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { announcementPriorityColors, type AnnouncementView } from '@atende/shared/announcements';
import { Box, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
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
  const columns: CrudColumn<AnnouncementView>[] = [
    { key: 'title', header: t('announcements.fields.title'), render: (announcement) => announcement.title },
    {
      key: 'priority',
      header: t('announcements.fields.priority'),
      render: (announcement) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: announcementPriorityColors[announcement.priority] }} />
          <span>{t(`announcements.priorities.${announcement.priority}`)}</span>
        </Stack>
      ),
    },
    { key: 'media', header: t('announcements.fields.media'), render: (announcement) => announcement.mediaName ?? '-' },
    { key: 'status', header: t('announcements.fields.status'), render: (announcement) => (announcement.status ? t('announcements.active') : t('announcements.inactive')) },
    {
      key: 'actions',
      header: t('announcements.actions'),
      align: 'right',
      render: (announcement, row) => (
        <EditDeleteActions onEdit={() => setForm({ open: true, announcement })} onDelete={row.remove} testIdPrefix={`announcement-${announcement.id}`} />
      ),
    },
  ];

  return (
    <CrudListPage
      title={t('announcements.title')}
      search={{ value: search, onChange: setSearch }}
      add={{ label: t('announcements.new'), onClick: () => setForm({ open: true, announcement: null }) }}
      columns={columns}
      rows={announcements}
      loading={isPending}
      emptyText={t('announcements.empty')}
      testIdPrefix="announcements"
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      remove={{
        run: (announcement) => announcementsApi.remove(announcement.id),
        onRemoved: () => client.invalidateQueries({ queryKey: announcementsQueryKeys.all }),
      }}
    >
      <AnnouncementFormDialog open={form.open} announcement={form.announcement} onClose={() => setForm((current) => ({ ...current, open: false }))} />
    </CrudListPage>
  );
};
