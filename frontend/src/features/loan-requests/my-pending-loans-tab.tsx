import { EmptyState } from '@/components/empty-state';
import { listDecimals } from '@/lib/percent';
import type { Me } from '@/features/players';
import { BankDataGate, RequestLoanButton } from '@/features/loans';
import { PendingLoanCard } from '@/features/loan-requests/pending-loan-card';
import '@/components/bank-ui.css';

export function MyPendingLoansTab({ me, onOpenRequest }: { me: Me; onOpenRequest: () => void }) {
  return (
    <BankDataGate me={me}>
      {(data) =>
        data.pending_loans.length === 0 ? (
          <EmptyState
            icon="inbox"
            title="You have no pending loan requests"
            text="Use the Request Loan tab to ask for a loan."
            action={<RequestLoanButton onClick={onOpenRequest} />}
          />
        ) : (
          <div className="stack">
            {data.pending_loans.map((request) => (
              <PendingLoanCard
                key={request.id}
                request={request}
                rateDecimals={listDecimals(data.pending_loans.map((item) => item.interest_rate))}
              />
            ))}
          </div>
        )
      }
    </BankDataGate>
  );
}
