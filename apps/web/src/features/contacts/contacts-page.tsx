import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { ConnectionChannel } from '@atende/shared/connections';
import { can } from '@atende/shared/permissions';
import type { ContactView } from '@atende/shared/contacts';
import { Add, Block, Delete, Edit, LockOpen, UploadFile, WhatsApp } from '@mui/icons-material';
import { Avatar, Button, Chip, IconButton, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ChannelIcon } from '../../components/channel-icon.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { loadMoreOnScroll } from '../../lib/infinite-scroll.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { ScheduleContactButton } from '../schedules/schedule-contact-button.tsx';
import { openTicketDialog } from '../tickets/dialogs/ticket-dialogs.ts';
import { TicketDialogs } from '../tickets/dialogs/ticket-dialogs-host.tsx';
import { contactsApi, contactsQueryKeys } from '../contact-records/contacts-api.ts';
import { removeContactFromCache, upsertContactInCache } from '../contact-records/contacts-cache.ts';
import { useRemoveContact } from '../contact-records/use-remove-contact.ts';
import { ContactModal } from '../contact-records/contact-modal.tsx';
import { useBlockContact } from '../contact-records/use-block-contact.ts';
import { ContactsChannelSelect } from './contacts-channel-select.tsx';

type Confirm = { kind: 'delete' | 'block'; contact: ContactView } | null;

// /contacts (01-core §2): search, a channel filter (issue 41 point 4), infinite scroll, create/edit,
// delete, block, start a ticket.
export const ContactsPage = () => {
  const { t } = useTranslation();
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const block = useBlockContact();
  const removeContact = useRemoveContact();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [channel, setChannel] = useState<ConnectionChannel | ''>('');
  const [modal, setModal] = useState<{ open: boolean; contactId: number | null }>({ open: false, contactId: null });
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useInfiniteQuery({
    queryKey: contactsQueryKeys.pages(searchParam, channel),
    queryFn: ({ pageParam }) => contactsApi.page(searchParam, pageParam, channel || undefined),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const contacts = data?.pages.flatMap((page) => page.contacts) ?? [];

  useCompanyEvent('contact', (payload) => {
    if (payload.action === 'delete') removeContactFromCache(queryClient, payload.contactId);
    else upsertContactInCache(queryClient, payload.contact);
  });

  const onScroll = loadMoreOnScroll({ hasNextPage, isFetchingNextPage, fetchNextPage });

  const onConfirm = async () => {
    if (!confirm) return;
    const { kind, contact } = confirm;
    setConfirm(null);
    if (kind === 'block') return block(contact, false);
    removeContact.mutate(contact.id);
  };

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }} data-testid="contacts-page">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('contacts.title')}
          {data && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              ({data.pages[0]?.count ?? 0})
            </Typography>
          )}
        </Typography>
        <ContactsChannelSelect value={channel} onChange={setChannel} />
        <SearchField value={search} onChange={setSearch} testId="contacts-search" />
        <Button component={Link} to="/contacts/import" variant="outlined" startIcon={<UploadFile />} data-testid="contacts-import">
          {t('contacts.import')}
        </Button>
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, contactId: null })} data-testid="contacts-add">
          {t('contacts.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="contacts-scroll">
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{t('contacts.fields.name')}</TableCell>
              <TableCell>{t('contacts.fields.number')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('contacts.fields.email')}</TableCell>
              <TableCell align="right">{t('contacts.actionsColumn')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {contacts.map((contact) => (
              <TableRow key={contact.id} hover data-testid={`contact-row-${contact.id}`}>
                <TableCell padding="checkbox">
                  <Avatar src={contact.urlPicture || undefined} sx={{ width: 32, height: 32 }}>{contact.name.charAt(0).toUpperCase()}</Avatar>
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <ChannelIcon channel={contact.channel} sx={{ fontSize: 16 }} />
                    <span data-testid="contact-row-name">{contact.name}</span>
                    {!contact.active && <Chip size="small" color="error" label={t('contacts.blocked')} />}
                    {contact.tags.slice(0, 2).map((tag) => (
                      <Chip key={tag.id} size="small" label={tag.name} sx={{ bgcolor: tag.color, color: '#fff', height: 18 }} />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell>{contact.number}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{contact.email}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('contacts.actions.startTicket')}>
                    <IconButton size="small" onClick={() => openTicketDialog({ kind: 'new', contact: { id: contact.id, name: contact.name } })} data-testid="contact-start-ticket">
                      <WhatsApp fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <ScheduleContactButton contactId={contact.id} channel={contact.channel} size="small" />
                  <Tooltip title={t('common.edit')}>
                    <IconButton size="small" onClick={() => setModal({ open: true, contactId: contact.id })} data-testid="contact-edit">
                      <Edit fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {contact.active ? (
                    <Tooltip title={t('contacts.actions.block')}>
                      <IconButton size="small" onClick={() => setConfirm({ kind: 'block', contact })} data-testid="contact-block">
                        <Block fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : (
                    <Tooltip title={t('contacts.actions.unblock')}>
                      <IconButton size="small" onClick={() => void block(contact, true)} data-testid="contact-unblock">
                        <LockOpen fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {can(me, 'contacts-page:deleteContact') && (
                    <Tooltip title={t('common.delete')}>
                      <IconButton size="small" onClick={() => setConfirm({ kind: 'delete', contact })} data-testid="contact-delete">
                        <Delete fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending || isFetchingNextPage} empty={contacts.length === 0} emptyText={t('contacts.empty')} />
      </Paper>
      <ContactModal open={modal.open} contactId={modal.contactId} onClose={() => setModal((current) => ({ ...current, open: false }))} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.kind === 'delete' ? t('contacts.delete.title', { name: confirm.contact.name }) : t('contacts.block.title', { name: confirm?.contact.name ?? '' })}
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirm(null)}
      >
        {confirm?.kind === 'delete' ? t('contacts.delete.text') : t('contacts.block.text')}
      </ConfirmDialog>
      <TicketDialogs />
    </Stack>
  );
};
