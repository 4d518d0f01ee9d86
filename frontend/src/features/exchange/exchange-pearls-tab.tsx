import type { Me } from '@/features/players';
import { BankDataGate } from '@/features/loans';
import { ExchangeForm } from '@/features/exchange/exchange-form';
import { RatesCard } from '@/features/exchange/rates-card';
import '@/components/bank-ui.css';
import '@/features/exchange/exchange.css';

export function ExchangePearlsTab({ me }: { me: Me }) {
  return (
    <BankDataGate me={me}>
      {(bankData) => (
        <div className="split">
          <ExchangeForm me={me} bankData={bankData} />
          <RatesCard />
        </div>
      )}
    </BankDataGate>
  );
}
