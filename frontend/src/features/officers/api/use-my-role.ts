import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officerKeys } from '@/features/officers/api/keys';
import type { Schemas } from '@/lib/api-types';

type MeAnswer = Schemas['MeOut'];

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
