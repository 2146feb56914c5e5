import type { SessionView } from '@atende/shared/sessions';
import { DevicesOutlined, LogoutOutlined } from '@mui/icons-material';
import { Box, Button, Chip, IconButton, List, ListItem, ListItemIcon, ListItemText, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { formatClock, formatDate } from '../../lib/format.ts';
import { useEndSessions, useOwnSessions } from './use-sessions.ts';

const dateTime = (iso: string) => `${formatDate(new Date(iso))} ${formatClock(new Date(iso))}`;

// what is being confirmed: one sign-in, or every other one
type Confirming = { session: SessionView } | { others: true } | null;

// Issue 38 point 5: the user's open sign-ins, each with its device, address, sign-in and last use;
// any but this one can be ended, or all the others at once.
export const SessionsSection = () => {
  const { t } = useTranslation();
  const { data: sessions = [], isPending } = useOwnSessions();
  const end = useEndSessions();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const others = sessions.filter((session) => !session.current);

  const deviceLabel = (session: SessionView) =>
    session.browser && session.os
      ? t('security.sessions.deviceOn', { browser: session.browser, os: session.os })
      : (session.browser ?? session.os ?? t('security.sessions.unknownDevice'));

  const confirm = () => {
    if (!confirming) return;
    end.mutate('session' in confirming ? confirming.session.id : undefined, { onSettled: () => setConfirming(null) });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="security-sessions">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('security.sessions.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('security.sessions.description')}
          </Typography>
        </Box>
        <Button color="error" variant="outlined" disabled={others.length === 0} onClick={() => setConfirming({ others: true })} data-testid="sessions-end-others">
          {t('security.sessions.endOthers')}
        </Button>
      </Stack>
      <ListStatus loading={isPending} empty={!isPending && sessions.length === 0} emptyText={t('security.sessions.empty')} />
      <List>
        {sessions.map((session) => (
          <ListItem
            key={session.id}
            divider
            data-testid="session-row"
            data-session-id={session.id}
            data-current={session.current ? 'yes' : 'no'}
            secondaryAction={
              !session.current && (
                <Tooltip title={t('security.sessions.end')}>
                  <IconButton edge="end" onClick={() => setConfirming({ session })} aria-label={t('security.sessions.end')} data-testid="session-end">
                    <LogoutOutlined />
                  </IconButton>
                </Tooltip>
              )
            }
          >
            <ListItemIcon>
              <DevicesOutlined />
            </ListItemIcon>
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span title={session.userAgent ?? undefined}>{deviceLabel(session)}</span>
                  {session.current && <Chip size="small" color="primary" label={t('security.sessions.thisDevice')} data-testid="session-this-device" />}
                </Stack>
              }
              secondary={t('security.sessions.details', {
                address: session.ip ?? t('security.sessions.unknownAddress'),
                signedInAt: dateTime(session.signedInAt),
                lastUsedAt: dateTime(session.lastUsedAt),
              })}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming && 'session' in confirming ? t('security.sessions.confirmEnd.title', { device: deviceLabel(confirming.session) }) : t('security.sessions.confirmEndOthers.title')}
        busy={end.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        {confirming && 'session' in confirming ? t('security.sessions.confirmEnd.message') : t('security.sessions.confirmEndOthers.message')}
      </ConfirmDialog>
    </Paper>
  );
};
