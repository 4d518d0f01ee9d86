import { liveRoot } from '@/lib/live-kinds';
import type { Schemas } from '@/lib/api-types';

export type ExchangeType = Schemas['ExchangeType'];

export interface ExchangeQuoteParams {
  exchangeType: ExchangeType;
  /** as typed; '' when nothing is typed yet */
  pearls: string;
}

/** a request status, or '' for every request */
export type ExchangeStatusFilter = Schemas['ExchangeStatus'] | '';

// The pearl rates, and every figure priced with them (the form's quote): an `exchange_settings`
// notice refreshes them all, the player's open form included.
export const exchangeSettingsKeys = {
  all: liveRoot('exchange_settings'),
  current: () => [...exchangeSettingsKeys.all, 'current'] as const,
  quotes: () => [...exchangeSettingsKeys.all, 'quote'] as const,
  quote: (params: ExchangeQuoteParams) => [...exchangeSettingsKeys.quotes(), params] as const,
};

// Pearl exchange requests, whoever looks at them: a player's history, the admin's list and badge.
export const exchangeRequestKeys = {
  all: liveRoot('pearl_exchange_requests'),
  history: (playerId: number) => [...exchangeRequestKeys.all, 'history', playerId] as const,
  lists: () => [...exchangeRequestKeys.all, 'list'] as const,
  list: (status: ExchangeStatusFilter) => [...exchangeRequestKeys.lists(), status] as const,
  pendingCount: () => [...exchangeRequestKeys.all, 'pending-count'] as const,
};
