import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { jobKeys } from '@/features/jobs/api/keys';
import type { Schemas } from '@/lib/api-types';

export type JobStatus = Schemas['JobOut'];

function fetchJobs(signal?: AbortSignal): Promise<Schemas['JobsOut']> {
  return api.get('/admin/jobs', { signal });
}

/** How often the jobs are read again while a run was asked for and has not started. */
export const ASKED_RUN_POLL_MS = 10_000;

const jobsQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.status(),
    queryFn: ({ signal }) => fetchJobs(signal),
    select: (answer) => answer.results,
    // the run's `jobs` notice refreshes the page; should the notice be lost (a socket reconnecting),
    // a screen that says "runs within a minute" still learns the outcome by itself
    refetchInterval: (query) =>
      query.state.data?.results.some((job) => job.requested_at && !job.running) ? ASKED_RUN_POLL_MS : false,
  });

/** The bank's daily jobs: when each last ran, what it did and when it runs next (admins). */
export function useJobs() {
  return useQuery(jobsQueryOptions());
}
