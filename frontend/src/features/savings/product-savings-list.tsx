import { listDecimals } from '@/lib/percent';
import type { Savings } from '@/lib/savings';
import { ProductSavingsRow } from '@/features/savings/product-savings-row';
import '@/components/bank-ui.css';

/** View Products' savings accounts, each with the inline edit form (principal, weekly rate, notes). */
export function ProductSavingsList({ savings }: { savings: Savings[] }) {
  if (savings.length === 0) return <p className="muted">No savings yet.</p>;
  const rateDecimals = listDecimals(savings.map((account) => account.interest_rate));
  return (
    <ul className="product-list" aria-label="Savings">
      {savings.map((account) => (
        <ProductSavingsRow key={account.id} savings={account} rateDecimals={rateDecimals} />
      ))}
    </ul>
  );
}
