import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Role } from '@/lib/officers';
import { officerKeys } from '@/features/officers/api/keys';

interface MeAnswer {
  username: string;
  is_admin: boolean;
  role?: Role;
}

/** The signed-in officer's role, read again when officers change (a treasurer may change it). */
export function useMyRole() {
  return useQuery(
    queryOptions({
      queryKey: officerKeys.me(),
      queryFn: ({ signal }) => api.get<MeAnswer>('/me', { signal }),
      select: (me) => me.role ?? null,
    }),
  );
}
