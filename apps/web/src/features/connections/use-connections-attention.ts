import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { connectionsApi, connectionsQueryKeys } from './connections-api.ts';
import { useConnectionEvents } from './use-connections.ts';

// 01-core §2: the connections menu item shows a badge while any connection is not connected. The
// first check waits 2 s after load so it does not compete with the screen being opened.
const FIRST_CHECK_DELAY_MS = 2000;

export const useConnectionsNeedAttention = (enabled: boolean) => {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), FIRST_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useConnectionEvents();
  const { data } = useQuery({ queryKey: connectionsQueryKeys.list, queryFn: connectionsApi.list, enabled: enabled && due });
  return enabled && (data ?? []).some((connection) => connection.status !== 'CONNECTED');
};
