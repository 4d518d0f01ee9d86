export { creditKeys } from '@/features/credit/api/keys';
export type { CreditBenefits } from '@/features/credit/api/types';
export { useCreditBenefits } from '@/features/credit/api/use-credit-benefits';
export { CreditBenefitsCard } from '@/features/credit/credit-benefits-card';
export { CreditHistoryPanel } from '@/features/credit/credit-history-panel';
export { CreditMigrationTab } from '@/features/credit/credit-migration-tab';
export { CreditOverviewTab } from '@/features/credit/credit-overview-tab';
export { CreditScoreCard } from '@/features/credit/credit-score-card';
export { LoanEligibilityCard } from '@/features/credit/loan-eligibility-card';
