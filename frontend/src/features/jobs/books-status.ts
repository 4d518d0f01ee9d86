import { useJobs, type JobStatus } from '@/features/jobs/api/use-jobs';

/** The job that checks the books: its last outcome is the latest check's result, whoever ran it (the server's jobs_status). */
export const BOOKS_CHECK_JOB = 'reconcile';

export interface BooksStatus {
  /** the latest check's result in a sentence ('' before the first check) */
  outcome: string;
  running: boolean;
  /** a treasurer asked for a check that has not started yet */
  requested: boolean;
  requestedAt: string | null;
}

/** What the jobs say of the books: the one source of the books status on the Overview. */
export function booksStatusOf(job: JobStatus | undefined): BooksStatus {
  return {
    outcome: job?.last_outcome ?? '',
    running: job?.running ?? false,
    // the scheduler clears requested_at when it starts the run
    requested: Boolean(job?.requested_at) && !job?.running,
    requestedAt: job?.requested_at ?? null,
  };
}

/** The books status from GET /api/admin/jobs (refreshed by the `jobs` notice). */
export function useBooksStatus(): BooksStatus {
  const jobs = useJobs();
  return booksStatusOf(jobs.data?.find((job) => job.name === BOOKS_CHECK_JOB));
}
