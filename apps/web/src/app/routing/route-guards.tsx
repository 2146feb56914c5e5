import { Navigate, Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useSession } from '../../features/auth/session-context.ts';
import { ChoosePasswordPage } from './lazy-pages.ts';

const Loading = () => <LoadingScreen testId="session-loading" />;

// 01-core §2: private routes send visitors to /login; public ones send signed-in users to /.
// A user still on a generated first password chooses its own before any screen (issue 11 point 5).
export const PrivateRoute = () => {
  const { status, user } = useSession();
  if (status === 'loading') return <Loading />;
  if (status !== 'signedIn') return <Navigate to="/login" replace />;
  return user?.mustChangePassword ? <ChoosePasswordPage /> : <Outlet />;
};

export const PublicRoute = () => {
  const { status } = useSession();
  if (status === 'loading') return <Loading />;
  return status === 'signedIn' ? <Navigate to="/" replace /> : <Outlet />;
};
