import type { Schemas } from '@/lib/api-types';

export type ExchangeSettings = Schemas['SettingsOut'];

export type ExchangeQuote = Schemas['QuoteOut'];

export type ExchangeStatus = Schemas['ExchangeStatus'];

export type PearlExchangeRequest = Schemas['ExchangeRequestOut'];

export type ExchangeRequestPage = Schemas['ListOut'];

export type ExchangeDecision = Schemas['DecisionOut'];
