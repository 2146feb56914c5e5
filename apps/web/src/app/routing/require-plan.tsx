import { planAllows } from '@atende/shared/permissions';
import type { PlanFlag } from '@atende/shared/plans';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSessionUser } from '../../features/auth/session-context.ts';
import { toast } from '../../lib/toast.ts';

// 02-operations §2: a page whose plan flag the company lacks says so and goes to / after 1 second.
const REDIRECT_MS = 1000;

export const RequirePlan = ({ flag, children }: { flag: PlanFlag; children: ReactNode }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = planAllows(useSessionUser().company.plan, flag);
  useEffect(() => {
    if (allowed) return;
    toast.error(t('shell.noPlanPermission'));
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [allowed, navigate, t]);
  return allowed ? children : null;
};
