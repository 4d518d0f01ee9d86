import type { Schemas } from '@/lib/api-types';

export type ExchangeSettings = Schemas['SettingsOut'];

export type ExchangeQuote = Schemas['QuoteOut'];

export type ExchangeStatus = Schemas['ExchangeStatus'];

export type PearlExchangeRequest = Schemas['ExchangeRequestOut'];

/** A pearl exchange request as officers read it: with four eyes' approvals while a large one waits. */
export type PearlExchangeRequestOfficer = Schemas['ExchangeRequestOfficerOut'];

export type ExchangeRequestPage = Schemas['ListOut'];

export type ExchangeDecision = Schemas['DecisionOut'];
