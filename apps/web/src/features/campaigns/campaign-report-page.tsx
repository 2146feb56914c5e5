import { CAMPAIGN_REPORT_RELOAD_MS, type CampaignCounts } from '@atende/shared/campaigns';
import { ArrowBack } from '@mui/icons-material';
import { Box, Button, Card, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { RequirePlanFlag } from '../../lib/session/require-plan-flag.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useCampaign, useCampaignEvents } from './use-campaigns.ts';

const countKeys: (keyof CampaignCounts)[] = ['contacts', 'delivered', 'confirmationRequested', 'confirmed', 'failed'];

// Of the audience, the share already handled: delivered, or (for a confirmation campaign) asked, or failed.
const progressOf = (counts: CampaignCounts, confirmation: boolean) =>
  counts.contacts ? Math.round((100 * ((confirmation ? counts.confirmationRequested : counts.delivered) + counts.failed)) / counts.contacts) : 0;

const Report = ({ campaignId }: { campaignId: number }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: campaign, isPending, refetch } = useCampaign(campaignId);
  const [finishedAt, setFinishedAt] = useState<number | null>(null);
  useCampaignEvents((record) => {
    if (record.id === campaignId && record.status === 'FINALIZADA') setFinishedAt(Date.now());
  });
  // 02-operations §4: the report reloads 5 seconds after a live update shows FINALIZADA
  useEffect(() => {
    if (finishedAt === null) return;
    const timer = setTimeout(() => void refetch(), CAMPAIGN_REPORT_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [finishedAt, refetch]);

  if (isPending || !campaign) return <LoadingScreen testId="campaign-report-loading" />;
  const progress = progressOf(campaign.counts, campaign.confirmation);
  return (
    <Stack spacing={2} data-testid="campaign-report">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button startIcon={<ArrowBack />} onClick={() => navigate('/campaigns')}>
          {t('campaigns.report.back')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('campaigns.report.title', { name: campaign.name })}
        </Typography>
        <Typography data-testid="campaign-report-status">{t(`campaigns.statuses.${campaign.status}`)}</Typography>
      </Stack>
      <Box>
        <Typography variant="body2" data-testid="campaign-report-progress">
          {t('campaigns.report.progress', { percent: progress })}
        </Typography>
        <LinearProgress variant="determinate" value={progress} sx={{ height: 10, borderRadius: 1 }} />
      </Box>
      <Grid container spacing={2}>
        {countKeys.map((key) => (
          <Grid size={{ xs: 12, sm: 6, md: 2.4 }} key={key}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {t(`campaigns.report.counts.${key}`)}
                </Typography>
                <Typography variant="h4" data-testid={`campaign-report-${key}`}>
                  {campaign.counts[key]}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={4}>
        <Typography variant="body2">
          {t('campaigns.fields.whatsapp')}: {campaign.whatsapp?.name ?? t('campaigns.notDefined')}
        </Typography>
        <Typography variant="body2">
          {t('campaigns.fields.contactList')}: {campaign.contactList?.name ?? t('campaigns.notDefined')}
        </Typography>
        <Typography variant="body2">
          {t('campaigns.fields.scheduledAt')}: {campaign.scheduledAt ? format(new Date(campaign.scheduledAt), 'dd/MM/yy HH:mm') : t('campaigns.noSchedule')}
        </Typography>
        <Typography variant="body2">
          {t('campaigns.fields.completedAt')}: {campaign.completedAt ? format(new Date(campaign.completedAt), 'dd/MM/yy HH:mm') : t('campaigns.notCompleted')}
        </Typography>
      </Stack>
    </Stack>
  );
};

// 02-operations §2 /campaign/{campaignId}/report.
export const CampaignReportPage = () => {
  const { t } = useTranslation();
  const { campaignId } = useParams();
  return (
    <RequirePlanFlag flag="useCampaigns" message={t('campaigns.noPermission')}>
      <Report campaignId={Number(campaignId)} />
    </RequirePlanFlag>
  );
};
