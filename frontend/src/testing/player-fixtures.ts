import type { AdminPlayer } from '@/features/players';

/** A player as the admin calls answer it. */
export function makePlayer(overrides: Partial<AdminPlayer> = {}): AdminPlayer {
  return {
    id: 7,
    name: 'Aria',
    discord: 'aria.guild',
    added_by: 'admin',
    bad_payer: false,
    client_type: 'new',
    has_solo_access: false,
    credit_score: 120,
    failed_attempts: 0,
    blocked_at: null,
    created_at: '2025-03-01T10:00:00Z',
    has_password: true,
    discord_linked: false,
    ...overrides,
  };
}
