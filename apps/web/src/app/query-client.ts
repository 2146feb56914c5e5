import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // client errors will not change on retry; network blips might
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});
