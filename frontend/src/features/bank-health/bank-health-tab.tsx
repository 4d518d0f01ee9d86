import { useState, type FormEvent } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorBlock } from '@/components/error-block';
import { Icon } from '@/components/icon';
import { LoadingBlock } from '@/components/loading-block';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { HealthRange } from '@/features/bank-health/api/keys';
import { useBankHealth } from '@/features/bank-health/api/use-bank-health';
import { useArrearsBook } from '@/features/bank-health/api/use-arrears';
import { useDownloadBankHealthCsv } from '@/features/bank-health/api/download-bank-health-csv';
import { ArrearsBuckets } from '@/features/bank-health/arrears-buckets';
import { HealthChartCard } from '@/features/bank-health/health-chart-card';
import { HEALTH_CHARTS } from '@/features/bank-health/health-figures';
import '@/components/bank-ui.css';
import '@/features/bank-health/bank-health.css';

const LAST_DAYS = [30, 90, 365] as const;

/** Bank Health: the bank's daily figures over a range in charts, today's arrears, and the rows as a CSV file. */
export function BankHealthTab({ onOpenArrears }: { onOpenArrears?: () => void }) {
  const [range, setRange] = useState<HealthRange>({ days: 30 });
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const health = useBankHealth(range);
  const book = useArrearsBook();
  const csv = useDownloadBankHealthCsv();

  const applyRange = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!from || !to) {
      setNotice({ tone: 'error', text: 'Choose both the first and the last day.' });
      return;
    }
    setRange({ from, to });
  };

  const download = () => {
    setNotice(null);
    csv.mutate(range, {
      onSuccess: ({ filename }) => setNotice({ tone: 'success', text: `Downloaded ${filename}.` }),
      onError: (error) => setNotice({ tone: 'error', text: `Error downloading the figures: ${errorDetail(error)}` }),
    });
  };

  const answer = health.data;
  return (
    <div className="stack">
      <div className="health-range toolbar toolbar--filters">
        <div className="health-range__choices" role="group" aria-label="Range">
          {LAST_DAYS.map((days) => (
            <button
              key={days}
              type="button"
              className={`btn btn--small ${'days' in range && range.days === days ? 'btn--primary' : 'btn--secondary'}`}
              aria-pressed={'days' in range && range.days === days}
              onClick={() => {
                setNotice(null);
                setRange({ days });
              }}
            >
              Last {days} days
            </button>
          ))}
        </div>
        <form className="health-range" onSubmit={applyRange} aria-label="Chosen range">
          <TextField label="From" type="date" value={from} onChange={setFrom} />
          <TextField label="To" type="date" value={to} onChange={setTo} />
          <button type="submit" className="btn btn--secondary btn--small" aria-pressed={'from' in range}>
            Show range
          </button>
        </form>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={download} disabled={csv.isPending}>
          <Icon name="filePlus" size={16} />
          {csv.isPending ? 'Preparing...' : 'Download CSV'}
        </button>
      </div>
      <NoticeBanner notice={notice} />

      {book.data && <ArrearsBuckets book={book.data} onOpenList={onOpenArrears} />}
      {book.isError && <ErrorBlock message={`Error loading the arrears: ${errorDetail(book.error)}`} onRetry={() => void book.refetch()} />}

      {health.isPending ? (
        <LoadingBlock message="Loading the daily figures..." />
      ) : health.isError ? (
        <ErrorBlock message={`Error loading the daily figures: ${errorDetail(health.error)}`} onRetry={() => void health.refetch()} />
      ) : answer && answer.rows.length === 0 ? (
        <EmptyState
          icon="chart"
          title="No daily figures in this range"
          text={`Nothing was written from ${formatDay(answer.from_day)} to ${formatDay(answer.to_day)}. The daily job writes one row a day, and its first run fills the past from the ledger.`}
        />
      ) : answer ? (
        <>
          <p className="muted" aria-live="polite">
            {plural(answer.rows.length, 'day')} with figures between {formatDay(answer.from_day)} and {formatDay(answer.to_day)}
            {answer.portfolio_at_risk !== null && ` · portfolio at risk on the last day ${formatPercent(answer.portfolio_at_risk, 2)}`}
          </p>
          <div className="health-grid">
            {HEALTH_CHARTS.map((spec) => (
              <HealthChartCard key={spec.id} spec={spec} health={answer} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
