import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { jobKeys } from '@/features/jobs/api/keys';

export interface JobStatus {
  name: string;
  title: string;
  last_started_at: string | null;
  last_finished_at: string | null;
  last_succeeded_at: string | null;
  last_outcome: string;
  last_error: string;
  running: boolean;
  next_run_on: string;
}

export function fetchJobs(signal?: AbortSignal): Promise<{ results: JobStatus[] }> {
  return api.get<{ results: JobStatus[] }>('/admin/jobs', { signal });
}

export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.status(),
    queryFn: ({ signal }) => fetchJobs(signal),
    select: (answer) => answer.results,
  });

/** The bank's daily jobs: when each last ran, what it did and when it runs next (admins). */
export function useJobs() {
  return useQuery(jobsQueryOptions());
}
