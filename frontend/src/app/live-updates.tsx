import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { startLiveUpdates } from '@/lib/live';
import { hasLiveStoredSession } from '@/features/auth';

/** Holds the tab's one live socket while it is mounted (i.e. while someone is signed in). */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  // after the server closes the socket (its session ended), reconnect only while signed in
  useEffect(() => startLiveUpdates(queryClient, () => hasLiveStoredSession()), [queryClient]);
  return null;
}
