export interface AdminPlayer {
  id: number;
  name: string;
  discord: string;
  added_by: string | null;
  bad_payer: boolean;
  client_type: 'new' | 'old';
  has_solo_access: boolean;
  credit_score: number;
  failed_attempts: number;
  blocked_at: string | null;
  created_at: string;
  has_password: boolean;
}
