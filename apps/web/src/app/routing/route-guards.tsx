import { Box, CircularProgress } from '@mui/material';
import { Navigate, Outlet } from 'react-router-dom';
import { ChoosePasswordPage } from '../../features/auth/choose-password-page.tsx';
import { useSession } from '../../features/auth/session-context.ts';

const Loading = () => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid="session-loading">
    <CircularProgress />
  </Box>
);

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
