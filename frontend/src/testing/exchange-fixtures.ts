import type {
  ExchangeQuote,
  ExchangeRequestPage,
  ExchangeSettings,
  PearlExchangeRequest,
  PearlExchangeRequestOfficer,
} from '@/features/exchange';

/** Test data shaped like the server's answers (docs/api-contract.md, Pearl exchange). */
export function makeExchangeSettings(overrides: Partial<ExchangeSettings> = {}): ExchangeSettings {
  return { sell_rate: 2500, buy_rate: 3500, last_updated: null, updated_by: null, ...overrides };
}

export function makeExchangeQuote(overrides: Partial<ExchangeQuote> = {}): ExchangeQuote {
  return { exchange_type: 'sell', pearls_amount: null, exchange_rate: 2500, bread_amount: 0, sell_rate: 2500, buy_rate: 3500, ...overrides };
}

export function makeExchangeRequest(overrides: Partial<PearlExchangeRequest> = {}): PearlExchangeRequest {
  const base: PearlExchangeRequest = {
    id: 12,
    player_id: 7,
    player_name: 'Aria',
    player_discord: 'aria.guild',
    exchange_type: 'sell',
    pearls_amount: 10,
    exchange_rate: 2500,
    bread_amount: 25_000,
    savings_option: 'new_savings',
    savings_id: null,
    created_savings_id: null,
    destination: 'New Savings Account',
    status: 'pending',
    admin_notes: '',
    decided_by: null,
    decided_at: null,
    created_at: '2026-03-02T10:15:00Z',
    request_date: '2026-03-02T10:15:00Z',
    pearls: 10,
  };
  const request = { ...base, ...overrides };
  return { ...request, pearls: request.pearls_amount, request_date: request.created_at };
}

export function makeExchangePage(rows: (PearlExchangeRequest | PearlExchangeRequestOfficer)[], overrides: Partial<ExchangeRequestPage> = {}): ExchangeRequestPage {
  return {
    count: rows.length,
    page: 1,
    page_size: 50,
    pending_count: rows.filter((row) => row.status === 'pending').length,
    pearl_exchange_requests: rows.map((row) => ({ approvals: [], ...row })),
    ...overrides,
  };
}
