import type { PlanBody, PlanView } from '@atende/shared/plans';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { plansApi, plansQueryKeys } from './plans-api.ts';

export const usePlansList = () => useQuery({ queryKey: plansQueryKeys.all, queryFn: plansApi.all });

export const useSavePlan = (plan: PlanView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: PlanBody) => (plan ? plansApi.update(plan.id, values) : plansApi.create(values)),
    store: (queryClient) => queryClient.invalidateQueries({ queryKey: plansQueryKeys.root }),
    savedToast: t('companies.toasts.saved'),
  });
};
