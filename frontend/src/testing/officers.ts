import type { Officer } from '@/features/officers';
import type { Role } from '@/lib/officers';
import { CAPABILITIES } from '@/testing/capabilities';

/** An officer of `role` as the admin panel provides them: the role, and the server's `may` for it. */
export function asOfficer(role: Role): Officer {
  return { role, may: CAPABILITIES[role] };
}
