import type { CompanyCreateBody, CompanyView } from '@atende/shared/companies';
import { addRecurrence } from '@atende/shared/recurrence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { companiesApi, companiesQueryKeys } from './companies-api.ts';

// an edit has neither password nor admin name: those are the first admin's, set at creation
export type CompanyFormValues = Omit<CompanyCreateBody, 'schedules' | 'password' | 'adminName'> & { password?: string; adminName?: string };

export const useSaveCompany = (company: CompanyView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: CompanyFormValues) => {
      const { password = '', adminName = '', ...fields } = values;
      return company ? companiesApi.update(company.id, fields) : companiesApi.create({ ...fields, password, adminName });
    },
    store: (queryClient) => queryClient.invalidateQueries({ queryKey: companiesQueryKeys.all }),
    savedToast: t('companies.toasts.saved'),
  });
};

// 03-saas §2: renew moves the due date one period of the company's recurrence on.
export const useRenewCompany = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (company: CompanyView) => companiesApi.update(company.id, { dueDate: addRecurrence(company.dueDate, company.recurrence) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: companiesQueryKeys.all });
      toast.success(t('companies.toasts.saved'));
    },
    onError: (error) => toastError(error),
  });
};
