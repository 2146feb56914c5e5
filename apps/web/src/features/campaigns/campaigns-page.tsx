import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { CampaignView } from '@atende/shared/campaigns';
import { Add, Assessment, PauseCircleOutlined, PlayCircleOutlined, Search, Settings } from '@mui/icons-material';
import { Button, IconButton, InputAdornment, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RequirePlanFlag } from '../../app/routing/require-plan-flag.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { isNearBottom } from '../../lib/infinite-scroll.ts';
import { toast } from '../../lib/toast.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { CampaignDialog } from './campaign-dialog.tsx';
import { campaignsApi, campaignsQueryKeys } from './campaigns-api.ts';
import { useCampaignEvents, useCampaignPages } from './use-campaigns.ts';

type Editing = { campaign: CampaignView | null } | null;
const dateTime = (value: string | null) => (value ? format(new Date(value), 'dd/MM/yy HH:mm') : '');

const Campaigns = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useCampaignPages(searchParam);
  useCampaignEvents();
  const campaigns = data?.pages.flatMap((page) => page.records) ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CampaignView | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.allPages });
  const remove = useMutation({
    mutationFn: (id: number) => campaignsApi.remove(id),
    onSuccess: () => {
      refresh();
      toast.success(t('campaigns.toasts.deleted'));
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });
  // 02-operations §8: a failed cancel or restart shows the error message
  const transition = useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'restart' }) => campaignsApi[action](id),
    onSuccess: (_saved, { action }) => {
      refresh();
      toast.success(t(`campaigns.toasts.${action}`));
    },
    onError: (error) => toastError(error),
  });
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (isNearBottom(event.currentTarget) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };

  return (
    <Stack spacing={2} sx={{ height: '100%', minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('campaigns.title')}
        </Typography>
        <TextField
          size="small"
          placeholder={t('common.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        />
        <Button variant="outlined" startIcon={<Settings />} onClick={() => navigate('/campaigns-config')} data-testid="campaigns-settings">
          {t('campaigns.settingsButton')}
        </Button>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ campaign: null })} data-testid="campaigns-add">
          {t('common.add')}
        </Button>
      </Stack>
      <Paper variant="outlined" onScroll={onScroll} sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table stickyHeader size="small" data-testid="campaigns-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('campaigns.fields.name')}</TableCell>
              <TableCell align="center">{t('campaigns.fields.status')}</TableCell>
              <TableCell align="center">{t('campaigns.fields.contactList')}</TableCell>
              <TableCell align="center">{t('campaigns.fields.whatsapp')}</TableCell>
              <TableCell align="center">{t('campaigns.fields.scheduledAt')}</TableCell>
              <TableCell align="center">{t('campaigns.fields.completedAt')}</TableCell>
              <TableCell align="center">{t('campaigns.fields.confirmation')}</TableCell>
              <TableCell align="center">{t('campaigns.fields.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {campaigns.map((campaign) => (
              <TableRow key={campaign.id} hover data-testid="campaigns-row">
                <TableCell>{campaign.name}</TableCell>
                <TableCell align="center" data-testid="campaigns-status">
                  {t(`campaigns.statuses.${campaign.status}`)}
                </TableCell>
                <TableCell align="center">{campaign.contactList?.name ?? t('campaigns.notDefined')}</TableCell>
                <TableCell align="center">{campaign.whatsapp?.name ?? t('campaigns.notDefined')}</TableCell>
                <TableCell align="center">{dateTime(campaign.scheduledAt) || t('campaigns.noSchedule')}</TableCell>
                <TableCell align="center">{dateTime(campaign.completedAt) || t('campaigns.notCompleted')}</TableCell>
                <TableCell align="center">{campaign.confirmation ? t('common.yes') : t('common.no')}</TableCell>
                <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                  {campaign.status === 'EM_ANDAMENTO' && (
                    <Tooltip title={t('campaigns.actions.stop')}>
                      <IconButton size="small" onClick={() => transition.mutate({ id: campaign.id, action: 'cancel' })} data-testid="campaigns-stop">
                        <PauseCircleOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  {campaign.status === 'CANCELADA' && (
                    <Tooltip title={t('campaigns.actions.restart')}>
                      <IconButton size="small" onClick={() => transition.mutate({ id: campaign.id, action: 'restart' })} data-testid="campaigns-restart">
                        <PlayCircleOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('campaigns.actions.report')}>
                    <IconButton size="small" onClick={() => navigate(`/campaign/${campaign.id}/report`)} data-testid="campaigns-report">
                      <Assessment fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <EditDeleteActions onEdit={() => setEditing({ campaign })} onDelete={() => setDeleting(campaign)} testIdPrefix="campaigns" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={isPending || isFetchingNextPage} empty={campaigns.length === 0} emptyText={t('campaigns.empty')} />
      </Paper>
      {editing && <CampaignDialog campaign={editing.campaign} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaigns.confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('campaigns.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};

// 02-operations §2 /campaigns (plan flag useCampaigns; profile user blocked by the route).
export const CampaignsPage = () => {
  const { t } = useTranslation();
  return (
    <RequirePlanFlag flag="useCampaigns" message={t('campaigns.noPermission')}>
      <Campaigns />
    </RequirePlanFlag>
  );
};
