import type { PlanFlag } from '@atende/shared/plans';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionUser } from './session-context.ts';
import { toast } from '../toast.ts';

const REDIRECT_DELAY_MS = 1000;

// 02-operations §2: a page whose plan flag the company lacks says so in a toast and goes to /
// after a second.
export const RequirePlanFlag = ({ flag, message, children }: { flag: PlanFlag; message: string; children: ReactNode }) => {
  const navigate = useNavigate();
  const allowed = useSessionUser().company.plan[flag];
  useEffect(() => {
    if (allowed) return;
    toast.error(message);
    const timer = setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, message, navigate]);
  return allowed ? children : null;
};
