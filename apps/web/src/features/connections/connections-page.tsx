import type { ConnectionChannel, ConnectionView } from '@atende/shared/connections';
import { can } from '@atende/shared/permissions';
import { Add, Star, StarBorder } from '@mui/icons-material';
import { Box, Button, Chip, ListItemIcon, Menu, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useSessionUser } from '../auth/session-context.ts';
import { ChannelIcon } from './channel-icon.tsx';
import { ConnectionModal } from './connection-modal.tsx';
import { connectionsApi, formatUpdatedAt, removeConnectionFromCache } from './connections-api.ts';
import { useConnectionEvents, useConnections } from './use-connections.ts';

type ModalState = { open: boolean; connectionId: number | null; channel: ConnectionChannel };

const statusColor = (status: string) => (status === 'CONNECTED' ? 'success' : status === 'qrcode' || status === 'OPENING' || status === 'PAIRING' ? 'warning' : 'error');

export const ConnectionsPage = () => {
  const { t, i18n } = useTranslation();
  const actor = useSessionUser();
  const plan = actor.company.plan;
  const actions = can(actor, 'connections-page:actionButtons');
  const canAdd = can(actor, 'connections-page:addConnection');
  const queryClient = useQueryClient();
  const { data: connections = [], isPending } = useConnections();
  useConnectionEvents();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [modal, setModal] = useState<ModalState>({ open: false, connectionId: null, channel: 'whatsapp' });
  const [deleting, setDeleting] = useState<ConnectionView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => connectionsApi.remove(id),
    onSuccess: (_, id) => {
      removeConnectionFromCache(queryClient, id);
      toast.success(t('connections.toasts.deleted'));
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });

  const addItems: { channel: ConnectionChannel; allowed: boolean }[] = [
    { channel: 'whatsapp', allowed: plan.useWhatsapp },
    { channel: 'facebook', allowed: plan.useFacebook },
    { channel: 'instagram', allowed: plan.useInstagram },
    { channel: 'sandbox', allowed: true },
  ];
  const open = (channel: ConnectionChannel) => {
    setMenuAnchor(null);
    setModal({ open: true, connectionId: null, channel });
  };
  const statusLabel = (status: string) => (i18n.exists(`connections.statuses.${status}`) ? t(`connections.statuses.${status}`) : status);

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('connections.title')}
        </Typography>
        {canAdd && (
          <Button variant="contained" startIcon={<Add />} onClick={(event) => setMenuAnchor(event.currentTarget)} data-testid="connections-add">
            {t('connections.add')}
          </Button>
        )}
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)} data-testid="connections-add-menu">
          {addItems.map((item) => (
            <MenuItem key={item.channel} disabled={!item.allowed} onClick={() => open(item.channel)} data-testid={`connections-add-${item.channel}`}>
              <ListItemIcon>
                <ChannelIcon channel={item.channel} />
              </ListItemIcon>
              {t(`connections.channels.${item.channel}`)}
            </MenuItem>
          ))}
        </Menu>
      </Stack>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table stickyHeader size="small" data-testid="connections-table">
          <TableHead>
            <TableRow>
              <TableCell align="center">{t('connections.columns.channel')}</TableCell>
              <TableCell>{t('connections.columns.name')}</TableCell>
              <TableCell align="center">{t('connections.columns.status')}</TableCell>
              <TableCell align="center">{t('connections.columns.lastUpdate')}</TableCell>
              <TableCell align="center">{t('connections.columns.default')}</TableCell>
              {actions && <TableCell align="center">{t('connections.columns.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {connections.map((connection) => (
              <TableRow key={connection.id} hover data-testid="connections-row" data-connection-id={connection.id}>
                <TableCell align="center">
                  <Tooltip title={t(`connections.channels.${connection.channel}`)}>
                    <Box component="span" sx={{ display: 'inline-flex' }}>
                      <ChannelIcon channel={connection.channel} />
                    </Box>
                  </Tooltip>
                </TableCell>
                <TableCell data-testid="connections-name">{connection.name}</TableCell>
                <TableCell align="center">
                  <Chip size="small" variant="outlined" color={statusColor(connection.status)} label={statusLabel(connection.status)} data-testid="connections-status" />
                </TableCell>
                <TableCell align="center">{formatUpdatedAt(connection.updatedAt)}</TableCell>
                <TableCell align="center">
                  {connection.isDefault ? (
                    <Star color="warning" fontSize="small" aria-label={t('connections.columns.default')} data-testid="connections-default" />
                  ) : (
                    <StarBorder color="disabled" fontSize="small" />
                  )}
                </TableCell>
                {actions && (
                  <TableCell align="center">
                    <EditDeleteActions onEdit={() => setModal({ open: true, connectionId: connection.id, channel: connection.channel })} onDelete={() => setDeleting(connection)} testIdPrefix="connections" />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending} empty={connections.length === 0} emptyText={t('connections.empty')} />
      </Paper>
      <ConnectionModal
        open={modal.open}
        connectionId={modal.connectionId}
        channel={modal.channel}
        onClose={() => setModal((current) => ({ ...current, open: false }))}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('connections.confirmDelete.title', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('connections.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};
