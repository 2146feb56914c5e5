import type { CompanyView } from '@atende/shared/companies';
import type { WeekdayServiceHours } from '@atende/shared/service-hours';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { companiesApi, companiesQueryKeys } from '../companies/companies-api.ts';

// The company's service hours; the company read for the settings keeps the saved week.
export const useSaveServiceHours = (companyId: number) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedules: WeekdayServiceHours[]) => companiesApi.saveServiceHours(companyId, schedules),
    onSuccess: (answer) => {
      queryClient.setQueryData<CompanyView>(companiesQueryKeys.one(companyId), (company) => company && { ...company, schedules: answer.schedules });
      toast.success(t('settings.toasts.schedulesUpdated'));
    },
    onError: (error) => toastError(error),
  });
};
