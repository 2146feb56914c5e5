import type { ConnectionChannel, ConnectionView } from '@atende/shared/connections';
import { can } from '@atende/shared/permissions';
import { Add, Star, StarBorder } from '@mui/icons-material';
import { Box, Button, Chip, ListItemIcon, Menu, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStatus } from '../../components/list-status.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { ChannelIcon } from '../../components/channel-icon.tsx';
import { CloudApiDialog } from './cloud-api-dialog.tsx';
import { ConnectionSessionCell } from './connection-session-cell.tsx';
import { ConnectionModal } from './connection-modal.tsx';
import { formatUpdatedAt } from './connections-api.ts';
import { FacebookConnectDialog } from './facebook-connect-dialog.tsx';
import { TelegramConnectDialog } from './telegram-connect-dialog.tsx';
import { EmailConnectDialog } from './email-connect-dialog.tsx';
import { WebchatConnectDialog } from './webchat-connect-dialog.tsx';
import { WebchatSnippetDialog } from './webchat-snippet-dialog.tsx';
import { QrCodeDialog } from './qr-code-dialog.tsx';
import { RestartSessionsButton } from './restart-sessions-button.tsx';
import { useConnectionEvents, useConnections, useRemoveConnection } from './use-connections.ts';
import { useImportProgress, useSessionEvents } from './use-session-events.ts';

type ModalState = { open: boolean; connectionId: number | null; channel: ConnectionChannel };
// WhatsApp Web and the sandbox open the connection dialog; the others connect an account first
type AddItem = { channel: ConnectionChannel; allowed: boolean; opens: 'form' | 'cloudApi' | 'facebook' | 'telegram' | 'webchat' | 'email' };

const statusColor = (status: string) => (status === 'CONNECTED' ? 'success' : status === 'qrcode' || status === 'OPENING' || status === 'PAIRING' ? 'warning' : 'error');

export const ConnectionsPage = () => {
  const { t, i18n } = useTranslation();
  const actor = useSessionUser();
  const plan = actor.company.plan;
  const actions = can(actor, 'connections-page:actionButtons');
  const canAdd = can(actor, 'connections-page:addConnection');
  const { data: connections = [], isPending } = useConnections();
  useConnectionEvents();
  useSessionEvents();
  const importProgress = useImportProgress();
  const [qrConnectionId, setQrConnectionId] = useState<number | null>(null);
  const closeQr = useCallback(() => setQrConnectionId(null), []);
  const [cloudApiOpen, setCloudApiOpen] = useState(false);
  const [telegramOpen, setTelegramOpen] = useState(false);
  const [emailOpen, setEmailOpen] = useState(false);
  const [webchatOpen, setWebchatOpen] = useState(false);
  // the web chat connection whose own settings are edited
  const [webchatEdited, setWebchatEdited] = useState<number | null>(null);
  // the public id of the web chat connection whose snippet is shown
  const [snippetOf, setSnippetOf] = useState<string | null>(null);
  const [facebookChannel, setFacebookChannel] = useState<'facebook' | 'instagram' | null>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [modal, setModal] = useState<ModalState>({ open: false, connectionId: null, channel: 'whatsapp' });
  const [deleting, setDeleting] = useState<ConnectionView | null>(null);
  const remove = useRemoveConnection();

  const addItems: AddItem[] = [
    { channel: 'whatsapp', allowed: plan.useWhatsapp, opens: 'form' },
    { channel: 'whatsappapi', allowed: plan.useWhatsapp, opens: 'cloudApi' },
    { channel: 'facebook', allowed: plan.useFacebook, opens: 'facebook' },
    { channel: 'instagram', allowed: plan.useInstagram, opens: 'facebook' },
    { channel: 'telegram', allowed: plan.useTelegram, opens: 'telegram' },
    { channel: 'email', allowed: plan.useEmail, opens: 'email' },
    { channel: 'webchat', allowed: plan.useWebchat, opens: 'webchat' },
    { channel: 'sandbox', allowed: true, opens: 'form' },
  ];
  const open = ({ channel, opens }: AddItem) => {
    setMenuAnchor(null);
    if (opens === 'cloudApi') setCloudApiOpen(true);
    else if (opens === 'telegram') setTelegramOpen(true);
    else if (opens === 'email') setEmailOpen(true);
    else if (opens === 'webchat') setWebchatOpen(true);
    else if (opens === 'facebook') setFacebookChannel(channel === 'instagram' ? 'instagram' : 'facebook');
    else setModal({ open: true, connectionId: null, channel });
  };
  const statusLabel = (status: string) => (i18n.exists(`connections.statuses.${status}`) ? t(`connections.statuses.${status}`) : status);

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('connections.title')}
        </Typography>
        {actions && <RestartSessionsButton />}
        {canAdd && (
          <Button variant="contained" startIcon={<Add />} onClick={(event) => setMenuAnchor(event.currentTarget)} data-testid="connections-add">
            {t('connections.add')}
          </Button>
        )}
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)} data-testid="connections-add-menu">
          {addItems.map((item) => (
            <MenuItem key={item.channel} disabled={!item.allowed} onClick={() => open(item)} data-testid={`connections-add-${item.channel}`}>
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
              <TableCell align="center">{t('connections.columns.number')}</TableCell>
              <TableCell align="center">{t('connections.columns.status')}</TableCell>
              {actions && <TableCell align="center">{t('connections.columns.session')}</TableCell>}
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
                  {connection.channel === 'webchat' ? (
                    <Button size="small" onClick={() => setSnippetOf(connection.number)} data-testid="connections-webchat-snippet">
                      {t('connections.webchat.snippet')}
                    </Button>
                  ) : (
                    connection.number
                  )}
                </TableCell>
                <TableCell align="center">
                  <Chip size="small" variant="outlined" color={statusColor(connection.status)} label={statusLabel(connection.status)} data-testid="connections-status" />
                </TableCell>
                {actions && (
                  <TableCell align="center">
                    <ConnectionSessionCell connection={connection} progress={importProgress} onShowQr={setQrConnectionId} />
                  </TableCell>
                )}
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
                    <EditDeleteActions
                      onEdit={() =>
                        connection.channel === 'webchat' ? setWebchatEdited(connection.id) : setModal({ open: true, connectionId: connection.id, channel: connection.channel })
                      }
                      onDelete={() => setDeleting(connection)}
                      testIdPrefix="connections"
                    />
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
      <QrCodeDialog connectionId={qrConnectionId} onClose={closeQr} />
      <CloudApiDialog open={cloudApiOpen} onClose={() => setCloudApiOpen(false)} />
      <FacebookConnectDialog channel={facebookChannel} onClose={() => setFacebookChannel(null)} />
      <TelegramConnectDialog open={telegramOpen} onClose={() => setTelegramOpen(false)} />
      <EmailConnectDialog open={emailOpen} onClose={() => setEmailOpen(false)} />
      <WebchatConnectDialog open={webchatOpen} onClose={() => setWebchatOpen(false)} />
      <WebchatConnectDialog
        open={webchatEdited !== null}
        connectionId={webchatEdited}
        onClose={() => setWebchatEdited(null)}
        onMoreSettings={() => {
          setModal({ open: true, connectionId: webchatEdited, channel: 'webchat' });
          setWebchatEdited(null);
        }}
      />
      <WebchatSnippetDialog publicId={snippetOf} onClose={() => setSnippetOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('connections.confirmDelete.title', { name: deleting?.name ?? '' })}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {t('connections.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};
