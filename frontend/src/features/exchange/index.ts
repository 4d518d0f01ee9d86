export type { ExchangeQuote, ExchangeRequestPage, ExchangeSettings, PearlExchangeRequest, PearlExchangeRequestOfficer } from '@/features/exchange/api/types';
export { usePendingExchangeCount } from '@/features/exchange/api/use-exchange-requests';
export { ExchangePearlsTab } from '@/features/exchange/exchange-pearls-tab';
export { PearlHistoryTab } from '@/features/exchange/pearl-history-tab';
export { PearlRequestCard } from '@/features/exchange/pearl-request-card';
export { PearlRequestsTab } from '@/features/exchange/pearl-requests-tab';
export { PearlSettingsTab } from '@/features/exchange/pearl-settings-tab';
