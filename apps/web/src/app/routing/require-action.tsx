import { can, type Action } from '@atende/shared/permissions';
import type { ReactNode } from 'react';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { AccessDeniedPage } from '../../features/dashboard/access-denied-page.tsx';

export const RequireAction = ({ action, children }: { action: Action; children: ReactNode }) => {
  const user = useSessionUser();
  return can(user, action) ? children : <AccessDeniedPage />;
};
