import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { formatDateTime, formatDay } from '@/lib/dates';
import { useJobs, type JobStatus } from '@/features/jobs/api/use-jobs';
import '@/components/bank-ui.css';
import '@/features/jobs/daily-jobs.css';

function lastRun(job: JobStatus): string {
  if (job.running) return 'running now';
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
            {job.last_outcome && !job.last_error && <>. {job.last_outcome}</>}
            {job.last_error && <span className="daily-jobs__error">. Last run failed: {job.last_error}</span>}
            <span className="muted"> Next run: {formatDay(job.next_run_on)}.</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
