import { onboardingSteps, type OnboardingStep } from '@atende/shared/dashboard';
import { CheckCircle, Close, RadioButtonUnchecked } from '@mui/icons-material';
import { Button, IconButton, List, ListItem, ListItemIcon, ListItemText, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSaveSetting } from '../settings/use-save-setting.ts';
import { dashboardApi, dashboardQueryKeys } from './dashboard-api.ts';

// where each step is done
const stepPaths: Record<OnboardingStep, string> = {
  channel: '/connections',
  queue: '/queues',
  attendant: '/users',
  reply: '/tickets',
};

// A new company's first steps on its dashboard (issue 35 point 13), each ticked from the company's
// own data; the box goes once every step is done, or when the admin dismisses it (the
// onboardingChecklist setting, which the settings screen can turn back on).
export const OnboardingChecklist = () => {
  const { t } = useTranslation();
  const steps = useQuery({ queryKey: dashboardQueryKeys.onboarding, queryFn: dashboardApi.onboarding });
  const dismiss = useSaveSetting();
  const done = steps.data;
  if (!done || onboardingSteps.every((step) => done[step])) return null;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="onboarding-checklist">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2">
            {t('dashboard.onboarding.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.onboarding.intro')}
          </Typography>
        </Stack>
        <Tooltip title={t('dashboard.onboarding.dismiss')}>
          <IconButton
            aria-label={t('dashboard.onboarding.dismiss')}
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate({ key: 'onboardingChecklist', value: 'disabled' })}
            data-testid="onboarding-dismiss"
          >
            <Close />
          </IconButton>
        </Tooltip>
      </Stack>
      <List dense>
        {onboardingSteps.map((step) => (
          <ListItem key={step} disableGutters data-testid={`onboarding-step-${step}`} data-done={done[step]}>
            <ListItemIcon>
              {done[step] ? (
                <CheckCircle color="success" titleAccess={t('dashboard.onboarding.done')} />
              ) : (
                <RadioButtonUnchecked color="action" titleAccess={t('dashboard.onboarding.todo')} />
              )}
            </ListItemIcon>
            <ListItemText
              primary={t(`dashboard.onboarding.steps.${step}.label`)}
              secondary={t(`dashboard.onboarding.steps.${step}.hint`)}
              sx={done[step] ? { '& .MuiListItemText-primary': { textDecoration: 'line-through' } } : undefined}
            />
            {/* in the row, not a secondaryAction, which lies over the text at phone width */}
            {!done[step] && (
              <Button component={Link} to={stepPaths[step]} size="small" sx={{ flexShrink: 0, ml: 1 }} data-testid={`onboarding-go-${step}`}>
                {t(`dashboard.onboarding.steps.${step}.action`)}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
    </Paper>
  );
};
