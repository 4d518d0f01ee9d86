import type { Schemas } from '@/lib/api-types';

export type CreditEvent = Schemas['CreditEventOut'];

export type LoanEligibility = Schemas['EligibilityOut'];

export type OverviewRow = Schemas['OverviewRowOut'];

export type CreditOverview = Schemas['OverviewOut'];

/** GET /api/credit/benefits: the Credit Score Benefits card. */
export type CreditBenefits = Schemas['BenefitsOut'];

export type MigrationRow = Schemas['MigrationRowOut'];

export type MigrationPreview = Schemas['MigrationPreviewOut'];
