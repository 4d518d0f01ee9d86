

interface ProductSummaryProps {
  total: number;
  active: number;
  waiting: boolean;
  failed: boolean;
  facts: ReadonlyArray<{ label: string; value: string }>;
}

export function ProductSummary({ total, active, waiting, failed, facts }: ProductSummaryProps) {
  if (waiting || failed) {
    return (
      <p className="stat__value stat__value--muted" role={failed ? 'alert' : 'status'}>
        {failed ? 'Could not be loaded' : 'Loading...'}
      </p>
    );
  }
  return (
    <>
      <div className="summary-card__count">
        <p className="stat__value">{total}</p>
        <span className="badge badge--success">{active} active</span>
      </div>
      <dl className="facts facts--row">
        {facts.map((fact) => (
          <div key={fact.label} className="facts__row">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
