import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { DocumentHead } from '../features/branding/document-head.tsx';
import { SessionProvider } from '../features/auth/session-provider.tsx';
import { SocketProvider } from '../features/realtime/socket-provider.tsx';
import { queryClient } from './query-client.ts';
import { AppRoutes } from './routing/app-routes.tsx';
import { AppThemeProvider } from './theme/app-theme-provider.tsx';
import { Toaster } from './toaster.tsx';

export const App = () => (
  <QueryClientProvider client={queryClient}>
    <AppThemeProvider>
      <BrowserRouter>
        <SessionProvider>
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
