import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import type { CampaignView } from '@atende/shared/campaigns';
import { Assessment, PauseCircleOutlined, PlayCircleOutlined, Settings } from '@mui/icons-material';
import { Button, IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RequirePlanFlag } from '../../lib/session/require-plan-flag.tsx';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { CampaignDialog } from './campaign-dialog.tsx';
import { campaignsApi, campaignsQueryKeys } from './campaigns-api.ts';
import { useCampaignEvents, useCampaignPages, useCampaignTransition } from './use-campaigns.ts';

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
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignsQueryKeys.allPages });
  const transition = useCampaignTransition();
  const columns: CrudColumn<CampaignView>[] = [
    { key: 'name', header: t('campaigns.fields.name'), render: (campaign) => campaign.name },
    { key: 'status', header: t('campaigns.fields.status'), align: 'center', testId: 'campaigns-status', render: (campaign) => t(`campaigns.statuses.${campaign.status}`) },
    { key: 'contactList', header: t('campaigns.fields.contactList'), align: 'center', render: (campaign) => campaign.contactList?.name ?? t('campaigns.notDefined') },
    { key: 'whatsapp', header: t('campaigns.fields.whatsapp'), align: 'center', render: (campaign) => campaign.whatsapp?.name ?? t('campaigns.notDefined') },
    { key: 'scheduledAt', header: t('campaigns.fields.scheduledAt'), align: 'center', render: (campaign) => dateTime(campaign.scheduledAt) || t('campaigns.noSchedule') },
    { key: 'completedAt', header: t('campaigns.fields.completedAt'), align: 'center', render: (campaign) => dateTime(campaign.completedAt) || t('campaigns.notCompleted') },
    { key: 'confirmation', header: t('campaigns.fields.confirmation'), align: 'center', render: (campaign) => (campaign.confirmation ? t('common.yes') : t('common.no')) },
    {
      key: 'actions',
      header: t('campaigns.fields.actions'),
      align: 'center',
      sx: { whiteSpace: 'nowrap' },
      render: (campaign, row) => (
        <>
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
          <EditDeleteActions onEdit={() => setEditing({ campaign })} onDelete={row.remove} testIdPrefix="campaigns" />
        </>
      ),
    },
  ];

  return (
    <CrudListPage
      title={t('campaigns.title')}
      search={{ value: search, onChange: setSearch }}
      headerActions={
        <Button variant="outlined" startIcon={<Settings />} onClick={() => navigate('/campaigns-config')} data-testid="campaigns-settings">
          {t('campaigns.settingsButton')}
        </Button>
      }
      add={{ label: t('common.add'), onClick: () => setEditing({ campaign: null }) }}
      columns={columns}
      rows={campaigns}
      loading={isPending}
      emptyText={t('campaigns.empty')}
      testIdPrefix="campaigns"
      paging={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
      remove={{
        run: (campaign) => campaignsApi.remove(campaign.id),
        onRemoved: refresh,
        title: t('campaigns.confirmDelete.title'),
        message: t('campaigns.confirmDelete.message'),
        removedToast: t('campaigns.toasts.deleted'),
      }}
    >
      {editing && <CampaignDialog campaign={editing.campaign} onClose={() => setEditing(null)} />}
    </CrudListPage>
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
