import { MOBILE_BREAKPOINT } from '@atende/shared/constants';
import { Box, Toolbar, useMediaQuery } from '@mui/material';
import { Suspense, useEffect, useEffectEvent, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useColorMode } from '../../lib/color-mode.ts';
import { AppDrawer } from './app-drawer.tsx';
import { AppTopBar } from './app-top-bar.tsx';
import { RealtimeListeners } from './realtime-listeners.tsx';

export const AppLayout = () => {
  const user = useSessionUser();
  const { setMode } = useColorMode();
  const mobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT}px)`, { noSsr: true });
  const [open, setOpen] = useState(() => !mobile && user.defaultMenu === 'open');

  // 01-core §2: the user's defaults apply on load
  // once per signed-in user, not on every profile change
  const applyDefaultTheme = useEffectEvent(() => {
    if (user.defaultTheme === 'dark') setMode('dark');
  });
  useEffect(() => applyDefaultTheme(), [user.id]);

  // the screen crossing the breakpoint resets the drawer like a fresh load
  const resetDrawer = useEffectEvent((mobile: boolean) => setOpen(!mobile && user.defaultMenu === 'open'));
  useEffect(() => resetDrawer(mobile), [mobile]);

  return (
    <Box sx={{ display: 'flex', height: '100vh', overflow: 'hidden' }}>
      <RealtimeListeners />
      <AppTopBar onToggleDrawer={() => setOpen((value) => !value)} />
      <AppDrawer open={open} mobile={mobile} onClose={() => setOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
        <Toolbar />
        <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: { xs: 2, sm: 3 } }}>
          {/* the shell stays while a screen's code loads */}
          <Suspense fallback={<LoadingScreen testId="page-loading" fullHeight={false} />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
};
