import type { Approval } from '@/lib/officers';
import type { PageAnswer } from '@/lib/paging';
import type { ExchangeType } from '@/features/exchange/api/keys';

export interface ExchangeSettings {
  /** bread a player receives per pearl */
  sell_rate: number;
  /** bread a player pays per pearl */
  buy_rate: number;
  last_updated: string | null;
  updated_by: string | null;
}

export interface ExchangeQuote {
  exchange_type: ExchangeType;
  pearls_amount: number | null;
  exchange_rate: number;
  /** pearls_amount x exchange_rate, 0 without pearls */
  bread_amount: number;
  sell_rate: number;
  buy_rate: number;
}

export type ExchangeStatus = 'pending' | 'approved' | 'denied';

export interface PearlExchangeRequest {
  id: number;
  player_id: number;
  player_name: string;
  player_discord: string;
  exchange_type: ExchangeType;
  pearls_amount: number;
  exchange_rate: number;
  bread_amount: number;
  /** cashout, new_savings, or the savings account's id */
  savings_option: string;
  savings_id: number | null;
  created_savings_id: number | null;
  /** Cash Out, New Savings Account or Savings Account #id (named by the server) */
  destination: string;
  status: ExchangeStatus;
  admin_notes: string;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  request_date: string;
  pearls: number;
  /** officers only: four eyes' approvals while a large request waits for a second officer */
  approvals?: Approval[];
}

export interface ExchangeRequestPage extends PageAnswer {
  /** waiting in all, whatever the filter (the tab's badge) */
  pending_count: number;
  /** pending first, then newest first */
  pearl_exchange_requests: PearlExchangeRequest[];
}

export interface ExchangeDecision {
  pearl_exchange_request: PearlExchangeRequest;
  detail: string;
}
