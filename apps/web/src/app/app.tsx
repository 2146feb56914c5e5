import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { DocumentHead } from '../features/branding/document-head.tsx';
import { publicSettingsQueryKeys } from '../features/branding/use-public-setting.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { SocketProvider } from '../lib/realtime/socket-provider.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './routing/app-routes.tsx';
import { AppThemeProvider } from './theme/app-theme-provider.tsx';
import { Toaster } from './toaster.tsx';

// branding stays on sign-out: the login page shows it
const publicQueryRoots = [publicSettingsQueryKeys.all[0]];

export const App = () => (
  <QueryClientProvider client={queryClient}>
    <AppThemeProvider>
      <BrowserRouter>
        <SessionProvider publicQueryRoots={publicQueryRoots}>
          <SocketProvider>
            <DocumentHead />
            <AppRoutes />
            <Toaster />
          </SocketProvider>
        </SessionProvider>
      </BrowserRouter>
    </AppThemeProvider>
  </QueryClientProvider>
);
