import { EmptyState } from '@/components/empty-state';
import { listDecimals } from '@/lib/percent';
import type { Me } from '@/features/players';
import { BankDataGate } from '@/features/loans/bank-data-gate';
import { RequestLoanButton } from '@/features/loans/request-loan-button';
import { StatementDownload } from '@/features/loans/statement-download';
import { LoanCard } from '@/features/loans/loan-card';
import '@/components/bank-ui.css';

export function MyLoansTab({ me, onOpenRequest }: { me: Me; onOpenRequest: () => void }) {
  return (
    <BankDataGate me={me}>
      {(data) => (
        <div className="stack">
          {data.loans.length === 0 ? (
            <EmptyState
              icon="creditCard"
              title="You have no loans"
              text="Approved loan requests show here with their payments. Your statement of savings, withdrawals and exchanges is on My Savings."
              action={<RequestLoanButton onClick={onOpenRequest} />}
            />
          ) : (
            data.loans.map((loan) => (
              <LoanCard
                key={loan.id}
                loan={loan}
                rateDecimals={listDecimals(data.loans.map((item) => item.interest_rate))}
                paidDecimals={listDecimals(data.loans.map((item) => item.paid_percent / 100))}
              />
            ))
          )}
          {/* with no loan there is nothing of this tab's to put in a statement; My Savings offers it always */}
          {data.loans.length > 0 && <StatementDownload />}
        </div>
      )}
    </BankDataGate>
  );
}
