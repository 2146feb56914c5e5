import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { TagRecordView } from '@atende/shared/tags';
import { Add, ArrowBack } from '@mui/icons-material';
import {
  Button, Chip, Dialog, DialogTitle, Link, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { loadMoreOnScroll } from '../../lib/infinite-scroll.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { TagContactsDialog } from './tag-contacts-dialog.tsx';
import { TagForm } from './tag-form.tsx';
import { useRemoveTag, useTagEvents, useTagsPages } from './use-tags.ts';

type ModalState = { open: boolean; tag: TagRecordView | null };

// /tags lists every tag; /TagsKanban (lanes) only the kanban tags, with their ticket counts and
// a way back to the board (02-operations §2).
export const TagsPage = ({ lanes = false }: { lanes?: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim().toLowerCase(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useTagsPages(debouncedSearch, lanes ? 1 : undefined);
  useTagEvents();
  const [modal, setModal] = useState<ModalState>({ open: false, tag: null });
  const [deleting, setDeleting] = useState<TagRecordView | null>(null);
  const [contactsOf, setContactsOf] = useState<number | null>(null);
  const tags = data?.pages.flatMap((page) => page.tags) ?? [];
  const remove = useRemoveTag();

  const onScroll = loadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage });

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {lanes ? t('tags.lanesTitle') : t('tags.title')}
        </Typography>
        <SearchField value={search} onChange={setSearch} testId="tags-search" />
        {lanes && (
          <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate('/Kanban')} data-testid="tags-back-to-board">
            {t('tags.backToBoard')}
          </Button>
        )}
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, tag: null })} data-testid="tags-add">
          {t('tags.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="tags-scroll">
        <Table stickyHeader size="small" data-testid="tags-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('tags.columns.name')}</TableCell>
              <TableCell align="center">{lanes ? t('tags.columns.tickets') : t('tags.columns.contacts')}</TableCell>
              <TableCell align="center">{t('tags.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tags.map((tag) => (
              <TableRow key={tag.id} hover data-testid="tags-row" data-tag-id={tag.id}>
                <TableCell>
                  <Chip label={tag.name} size="small" sx={{ bgcolor: tag.color, color: 'common.white', fontWeight: 600 }} />
                </TableCell>
                <TableCell align="center">
                  {lanes ? (
                    tag.ticketTags
                  ) : (
                    <Link component="button" type="button" onClick={() => setContactsOf(tag.id)} data-testid="tags-contacts">
                      {tag.contacts}
                    </Link>
                  )}
                </TableCell>
                <TableCell align="center">
                  <EditDeleteActions onEdit={() => setModal({ open: true, tag })} onDelete={() => setDeleting(tag)} testIdPrefix="tags" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending || isFetchingNextPage} empty={tags.length === 0} emptyText={t('tags.empty')} />
      </Paper>
      <Dialog open={modal.open} onClose={() => setModal((current) => ({ ...current, open: false }))} maxWidth="sm" fullWidth data-testid="tag-modal">
        <DialogTitle>{modal.tag ? t('tags.editTitle') : t('tags.addTitle')}</DialogTitle>
        {modal.open && <TagForm tag={modal.tag} kanban={lanes ? 1 : 0} onClose={() => setModal((current) => ({ ...current, open: false }))} />}
      </Dialog>
      <TagContactsDialog tagId={contactsOf} onClose={() => setContactsOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('tags.confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {t('tags.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};
