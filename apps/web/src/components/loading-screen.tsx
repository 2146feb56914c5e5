import { Box, CircularProgress } from '@mui/material';

type LoadingScreenProps = { testId: string; fullHeight?: boolean };

// A spinner filling the screen (or the shell's page area) while a session or a screen's code loads.
export const LoadingScreen = ({ testId, fullHeight = true }: LoadingScreenProps) => (
  <Box sx={{ minHeight: fullHeight ? '100vh' : 200, display: 'grid', placeItems: 'center' }} data-testid={testId}>
    <CircularProgress />
  </Box>
);
