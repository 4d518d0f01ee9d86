import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { formatDateTime, formatDay } from '@/lib/dates';
import { useJobs, type JobStatus } from '@/features/jobs/api/use-jobs';
import { BOOKS_CHECK_JOB, booksStatusOf } from '@/features/jobs/books-status';
import '@/components/bank-ui.css';
import '@/features/jobs/daily-jobs.css';

function lastRun(job: JobStatus): string {
  if (job.running) return 'running now';
  if (booksStatusOf(job).requested && job.requested_at) return `asked for ${formatDateTime(job.requested_at)}, runs within a minute`;
  if (!job.last_started_at) return 'has not run yet';
  return `last ran ${formatDateTime(job.last_started_at)}`;
}

/** On the admin Overview: the work the bank does by itself each day, and when it last did it. */
export function DailyJobs() {
  const jobs = useJobs();
  if (!jobs.data || jobs.data.length === 0) return null;
  return (
    <Card title="Daily Jobs" icon={<Icon name="clock" />}>
      <ul className="daily-jobs" data-testid="daily-jobs">
        {jobs.data.map((job) => (
          <li key={job.name} data-testid={`job-${job.name}`}>
            <strong>{job.title}</strong>: {lastRun(job)}
            {/* the books check's outcome is the latest check's, whoever ran it: the Overview's books status says the same */}
            {job.name === BOOKS_CHECK_JOB
              ? booksStatusOf(job).outcome && <>. {booksStatusOf(job).outcome}</>
              : job.last_outcome && !job.last_error && <>. {job.last_outcome}</>}
            {job.last_error && <span className="daily-jobs__error">. Last run failed: {job.last_error}</span>}
            <span className="muted"> Next run: {formatDay(job.next_run_on)}.</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
