import type { SignupBody } from '@atende/shared/companies';
import { FORM_SUBMIT_DELAY_MS } from '@atende/shared/constants';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { companiesApi } from '../companies/companies-api.ts';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// 03-saas §2 Sign-up: a link may name the company that invites (?companyId=).
export const useSignup = (companyId: number | undefined) => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async (values: SignupBody) => {
      await delay(FORM_SUBMIT_DELAY_MS);
      return companiesApi.signup({ ...values, companyId });
    },
    // awaiting verification, the page itself says to check the email
    onSuccess: (answer) => {
      if (!answer.awaitingVerification) toast.success(t('signup.success'));
    },
  });
};
