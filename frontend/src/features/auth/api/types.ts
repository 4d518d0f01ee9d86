export interface LoginAnswer {
  access_token: string;
  token_type: string;
  username: string;
  is_admin: boolean;
  has_solo_access: boolean;
  player_id: number | null;
  expires_at: string;
  expires_in: number;
}

export interface RegisterAnswer {
  id: number;
  name: string;
  discord: string;
}

export interface VerifyTokenAnswer {
  valid: boolean;
  has_solo_access: boolean;
  is_admin: boolean;
  username: string | null;
  expires_at: string | null;
}

export interface ExtendSessionAnswer {
  access_token: string;
  expires_at: string;
  expires_in: number;
}
