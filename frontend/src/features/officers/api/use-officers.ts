import type { ChangeAnswer } from '@/lib/officers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { Role } from '@/lib/officers';
import { officerKeys } from '@/features/officers/api/keys';
import type { InputFields, Schemas } from '@/lib/api-types';

/** An officer as GET/POST/PATCH /api/admin/officers answer them (accounts/serializers.py OfficerOut). */
export type Officer = Schemas['OfficerOut'];

type NewOfficer = InputFields<'OfficerCreateInRequest', 'username' | 'display_name' | 'password' | 'role'> & { role: Role };

type OfficerChange = { officerId: number } & Partial<InputFields<'PatchedOfficerUpdateInRequest', 'role' | 'active' | 'display_name'>> & {
  role?: Role;
};

const officersOptions = () =>
  queryOptions({
    queryKey: officerKeys.list(),
    queryFn: ({ signal }) => api.get('/admin/officers', { signal }).then((answer) => answer.results),
  });

/** Every officer, active or not, in the order they were added (treasurers only). */
export function useOfficers() {
  return useQuery(officersOptions());
}

function createOfficer(body: NewOfficer, idempotencyKey: string): Promise<ChangeAnswer<Officer>> {
  return api.post('/admin/officers', body, { headers: idempotencyHeaders(idempotencyKey) });
}

function updateOfficer({ officerId, ...changes }: OfficerChange): Promise<ChangeAnswer<Officer>> {
  return api.patch(`/admin/officers/${officerId}`, changes);
}

/** A treasurer adds an officer, once per submission however often it is sent; the list (and a changed officer's own role) refreshes. */
export function useCreateOfficer() {
  const qc = useQueryClient();
  return useIdempotentMutation({ mutationFn: createOfficer, onSuccess: () => qc.invalidateQueries({ queryKey: officerKeys.all }) });
}

/** A treasurer changes an officer's role or display name, or deactivates / reactivates them. */
export function useUpdateOfficer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateOfficer, onSuccess: () => qc.invalidateQueries({ queryKey: officerKeys.all }) });
}

function resetOfficerPassword({ officerId, newPassword }: { officerId: number; newPassword: string }): Promise<ChangeAnswer<{ detail: string }>> {
  return api.put(`/admin/officers/${officerId}/password`, { new_password: newPassword });
}

function liftOfficerLockout(officerId: number): Promise<Schemas['LockoutsLiftedOut']> {
  return api.delete(`/admin/officers/${officerId}/lockout`);
}

/** A treasurer resets an officer's password: a proposal a second treasurer approves (202), their sessions end then. */
export function useResetOfficerPassword() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resetOfficerPassword, onSuccess: () => qc.invalidateQueries({ queryKey: officerKeys.all }) });
}

/** A treasurer lifts an officer's sign-in lockout at every address (what `ensure_admin --unlock` does). */
export function useLiftOfficerLockout() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: liftOfficerLockout, onSuccess: () => qc.invalidateQueries({ queryKey: officerKeys.all }) });
}

function resetOfficerFactors({ officerId, reason }: { officerId: number; reason: string }): Promise<Schemas['FactorsResetOut']> {
  return api.post(`/admin/officers/${officerId}/factors/reset`, { reason });
}

/** A treasurer removes another officer's lost second factor (with the reason); that officer's sessions end. */
export function useResetOfficerFactors() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resetOfficerFactors, onSuccess: () => qc.invalidateQueries({ queryKey: officerKeys.all }) });
}
