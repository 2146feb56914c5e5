import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { Box, Button, CircularProgress, Paper, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceHoursEditor, type ServiceHoursShift } from '../../components/service-hours-editor.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { weekWithDefaults } from '../../lib/week-service-hours.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { companiesApi, companiesQueryKeys } from '../companies/companies-api.ts';
import { useSaveServiceHours } from './use-save-service-hours.ts';

// 03-saas §2 Settings page: the company's service hours, used when scheduleType is 'company'.
export const CompanySchedulesTab = () => {
  const { t } = useTranslation();
  const companyId = useSessionUser().companyId;
  const { data } = useQuery({ queryKey: companiesQueryKeys.one(companyId), queryFn: () => companiesApi.show(companyId) });
  if (!data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress />
      </Box>
    );
  }
  return <ServiceHoursForm companyId={companyId} saved={weekWithDefaults(data.schedules, (weekday) => t(`queues.weekdays.${weekday}`))} />;
};

const ServiceHoursForm = ({ companyId, saved }: { companyId: number; saved: WeekdayServiceHours[] }) => {
  const { t } = useTranslation();
  const [schedules, setSchedules] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveServiceHours(companyId);
  const showFieldErrors = (error: unknown) => {
    // field paths come as body.schedules.{day}.{shift}
    if (error instanceof ApiError && error.body?.fields) {
      setErrors(Object.fromEntries(error.body.fields.map((field) => [field.path.replace(/^body\.schedules\./, ''), field.message])));
    }
  };
  const errorAt = (index: number, shift: ServiceHoursShift) => {
    const message = errors[`${index}.${shift}`];
    return message ? t(message) : undefined;
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <ServiceHoursEditor value={schedules} onChange={setSchedules} errorAt={errorAt} testIdPrefix="company-schedule" />
        <Box>
          <Button variant="contained" disabled={save.isPending} onClick={() => save.mutate(schedules, { onSuccess: () => setErrors({}), onError: showFieldErrors })} data-testid="company-schedules-save">
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
};
