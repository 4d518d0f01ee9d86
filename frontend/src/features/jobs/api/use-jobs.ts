import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { jobKeys } from '@/features/jobs/api/keys';
import type { Schemas } from '@/lib/api-types';

export type JobStatus = Schemas['JobOut'];

function fetchJobs(signal?: AbortSignal): Promise<Schemas['JobsOut']> {
  return api.get<Schemas['JobsOut']>('/admin/jobs', { signal });
}

const jobsQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.status(),
    queryFn: ({ signal }) => fetchJobs(signal),
    select: (answer) => answer.results,
  });

/** The bank's daily jobs: when each last ran, what it did and when it runs next (admins). */
export function useJobs() {
  return useQuery(jobsQueryOptions());
}
