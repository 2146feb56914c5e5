import type { SlaPolicyInput, SlaPolicyView } from '@atende/shared/sla';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { slaPoliciesApi, slaPoliciesQueryKeys, upsertPolicyInCache } from './sla-policies-api.ts';

export const useSlaPolicies = () => useQuery({ queryKey: slaPoliciesQueryKeys.list, queryFn: slaPoliciesApi.list });

export const useSaveSlaPolicy = (policy: SlaPolicyView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: SlaPolicyInput) => (policy ? slaPoliciesApi.update(policy.id, values) : slaPoliciesApi.create(values)),
    store: upsertPolicyInCache,
    savedToast: t('sla.policies.saved'),
  });
};
