import type { PageAnswer } from '@/lib/paging';

export type ScoreColour = 'green' | 'yellow' | 'orange' | 'red';

export interface CreditScore {
  player_id: number;
  credit_score: number;
  max_score: number;
  tier: string;
  score_color: ScoreColour;
  progress_percent: number;
  limited_access: boolean;
  benefits: string[];
  eligibility: { rate_discount: number; savings_bonus: number; max_loan_amount: number };
}

export interface CreditEvent {
  id: number;
  action_type: string;
  reason: string;
  points_change: number;
  old_score: number;
  new_score: number;
  admin_user: string | null;
  timestamp: string;
}

export interface LoanEligibility {
  is_eligible: boolean;
  max_loan_amount: number;
  required_credit_score: number;
  current_credit_score: number;
  rate_discount: number;
  tier: string;
  reason: string;
  deficit: number;
}

export interface OverviewRow {
  player_id: number;
  player_name: string;
  player_discord: string;
  credit_score: number;
  tier: string;
  score_color: ScoreColour;
  bad_payer: boolean;
}

export interface TierCounters {
  gold: number;
  silver: number;
  basic: number;
  bad_payers: number;
}

export interface CreditOverview extends PageAnswer {
  overview: OverviewRow[];
  max_score: number;
  /** the whole bank's players per tier, whatever the filters */
  counters: TierCounters;
}

export interface CreditTier {
  name: string;
  min_score: number;
  max_score: number;
  /** as shown: `150 – 299 points` */
  range: string;
  benefits: string[];
}

/** GET /api/credit/benefits: the Credit Score Benefits card. */
export interface CreditBenefits {
  max_score: number;
  required_score: number;
  /** lowest first */
  tiers: CreditTier[];
  how_to_earn: { what: string; points: number }[];
}

export interface MigrationRow {
  player_id: number;
  player_name: string;
  player_discord: string;
  current_score: number;
  calculated_score: number;
  score_breakdown: { savings: number; loans: number; payments: number };
}

export interface MigrationPreview extends PageAnswer {
  total_players: number;
  calculated_scores: number;
  average_score: number;
  highest_score: number;
  /** this page's players, by name */
  migration_data: MigrationRow[];
}
