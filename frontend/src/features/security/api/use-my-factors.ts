import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { securityKeys } from '@/features/security/api/keys';

export type Factor = Schemas['FactorOut'];

/** GET /api/me/factors: the caller's second factors, recovery codes left, and whether the bank requires one. */
const myFactorsOptions = () =>
  queryOptions({
    queryKey: securityKeys.factors(),
    queryFn: ({ signal }) => api.get('/me/factors', { signal }),
  });

export function useMyFactors() {
  return useQuery(myFactorsOptions());
}
