import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { startLiveUpdates } from '@/lib/live';

/** Holds the tab's one live socket while it is mounted (i.e. while someone is signed in). */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => startLiveUpdates(queryClient), [queryClient]);
  return null;
}
