import type { Schemas } from '@/lib/api-types';

export type ScoreColour = Schemas['ScoreColor'];

export type CreditScore = Schemas['CreditScoreOut'];

export type CreditEvent = Schemas['CreditEventOut'];

export type LoanEligibility = Schemas['EligibilityOut'];

export type OverviewRow = Schemas['OverviewRowOut'];

export type TierCounters = Schemas['TierCountersOut'];

export type CreditOverview = Schemas['OverviewOut'];

export type CreditTier = Schemas['TierOut'];

/** GET /api/credit/benefits: the Credit Score Benefits card. */
export type CreditBenefits = Schemas['BenefitsOut'];

export type MigrationRow = Schemas['MigrationRowOut'];

export type MigrationPreview = Schemas['MigrationPreviewOut'];
