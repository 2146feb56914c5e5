import { Box, CircularProgress } from '@mui/material';
import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../../features/auth/session-context.ts';

const Loading = () => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid="session-loading">
    <CircularProgress />
  </Box>
);

// 01-core §2: private routes send visitors to /login; public ones send signed-in users to /.
export const PrivateRoute = () => {
  const { status } = useSession();
  if (status === 'loading') return <Loading />;
  return status === 'signedIn' ? <Outlet /> : <Navigate to="/login" replace />;
};

export const PublicRoute = () => {
  const { status } = useSession();
  if (status === 'loading') return <Loading />;
  return status === 'signedIn' ? <Navigate to="/" replace /> : <Outlet />;
};
