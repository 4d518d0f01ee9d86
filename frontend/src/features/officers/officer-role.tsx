import { createContext, useContext } from 'react';
import { roleAtLeast, type Role } from '@/lib/officers';

/** The signed-in officer's role, provided by the admin panel; a screen rendered alone acts as a treasurer. */
export const OfficerRole = createContext<Role>('treasurer');

export function useOfficerRole(): Role {
  return useContext(OfficerRole);
}

/**
 * Whether the signed-in officer's role may use a button whose route needs `least`
 * (bank/core/roles.py ROUTES; lib/officers.ts ACTION_LEAST_ROLE names them). The panel hides what a
 * role may not use; the server refuses it anyway (403).
 */
export function useMay(least: Role): boolean {
  return roleAtLeast(useOfficerRole(), least);
}
