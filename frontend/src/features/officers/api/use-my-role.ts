import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { officerKeys } from '@/features/officers/api/keys';

/** GET /api/me, read again when officers change (a treasurer may change a role); one query for every hook on it. */
export const meOptions = () =>
  queryOptions({
    queryKey: officerKeys.me(),
    queryFn: ({ signal }) => api.get('/me', { signal }),
  });

/** What the signed-in officer may do (the server's `may`: bank/roles.py ACTIONS). */
export function useMyCapabilities() {
  return useQuery({ ...meOptions(), select: (me) => me.may });
}

/** The signed-in officer's role. */
export function useMyRole() {
  return useQuery({ ...meOptions(), select: (me) => me.role ?? null });
}

/** The signed-in officer's display name (the name their approvals are recorded under); null for a player. */
export function useMyDisplayName() {
  return useQuery({ ...meOptions(), select: (me) => me.display_name ?? null });
}

/** The session reaches only the Security screen until a second factor is set up (the bank requires one). */
export function useMyEnrolmentRequired() {
  return useQuery({ ...meOptions(), select: (me) => me.enrolment_required === true });
}
