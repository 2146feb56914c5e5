import { isOverdue } from '@atende/shared/due-date';
import { can } from '@atende/shared/permissions';
import type { SessionUser } from '@atende/shared/users';
import { Navigate, Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { ChoosePasswordPage, EnrollTwoFactorPage } from './lazy-pages.ts';

const Loading = () => <LoadingScreen testId="session-loading" />;

// An overdue company's admin is signed in to pay (01-core §4 Session): until the payment moves
// the due date, the overdue landing is its only screen. The server reads the day in UTC too.
const overdue = (user: SessionUser | null) => user !== null && isOverdue(user.company.id, user.company.dueDate, new Date().toISOString().slice(0, 10));

// 01-core §2: private routes send visitors to /login; public ones send signed-in users to /.
// A user still on a generated first password chooses its own before any screen (issue 11 point 5);
// one whose company requires two-factor sign-in turns it on first (issue 38 point 4).
export const PrivateRoute = () => {
  const { status, user } = useSession();
  if (status === 'loading') return <Loading />;
  if (status !== 'signedIn') return <Navigate to="/login" replace />;
  if (overdue(user)) return <Navigate to="/financeiro-aberto" replace />;
  if (user?.mustChangePassword) return <ChoosePasswordPage />;
  return user?.mustEnrollTwoFactor ? <EnrollTwoFactorPage /> : <Outlet />;
};

// Where a sign-in lands: the dashboard for whoever may see it, the tickets for an attendant
// without showDashboard (issue 35 point 4), who would otherwise land on the dashboard's 403.
const landingOf = (user: SessionUser | null) => {
  if (overdue(user)) return '/financeiro-aberto';
  return user && can(user, 'dashboard:view') ? '/' : '/tickets';
};

export const PublicRoute = () => {
  const { status, user } = useSession();
  if (status === 'loading') return <Loading />;
  if (status !== 'signedIn') return <Outlet />;
  return <Navigate to={landingOf(user)} replace />;
};
