import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DailyJobs } from '@/features/jobs/daily-jobs';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';

const ran = {
  name: 'overdue_savings',
  title: 'Overdue savings run',
  last_started_at: '2026-11-24T00:01:00Z',
  last_finished_at: '2026-11-24T00:01:02Z',
  last_succeeded_at: '2026-11-24T00:01:02Z',
  last_outcome: 'Marked 3 overdue weeks Not Paid in 1 savings account.',
  last_error: '',
  running: false,
  next_run_on: '2026-11-25',
};

describe('DailyJobs', () => {
  it('says when each job last ran, what it did and when it runs next', async () => {
    mockFetch({ 'GET /api/admin/jobs': { body: { results: [ran] } } });
    renderWithProviders(<DailyJobs />);
    const row = (await screen.findByTestId('job-overdue_savings')).textContent;
    expect(row).toMatch(/^Overdue savings run: last ran 24\u00a0Nov\u00a02026\D.*\. Marked 3 overdue weeks Not Paid in 1 savings account\./);
    expect(row).toContain(`Next run: ${day('25 Nov 2026')}.`);
  });

  it('says when a job has not run yet, and why its last run failed', async () => {
    mockFetch({
      'GET /api/admin/jobs': {
        body: {
          results: [
            { ...ran, name: 'never', title: 'Never run', last_started_at: null, last_outcome: '', next_run_on: '2026-11-24' },
            { ...ran, name: 'broken', title: 'Broken', last_error: 'RuntimeError: no' },
          ],
        },
      },
    });
    renderWithProviders(<DailyJobs />);
    expect((await screen.findByTestId('job-never')).textContent).toBe(`Never run: has not run yet Next run: ${day('24 Nov 2026')}.`);
    const broken = screen.getByTestId('job-broken').textContent;
    expect(broken).toContain('. Last run failed: RuntimeError: no');
    expect(broken).not.toContain('Marked 3');
  });
});
