import { createContext, useContext } from 'react';
import type { Role } from '@/lib/officers';

/** The signed-in officer's role, provided by the admin panel; a screen rendered alone acts as a treasurer. */
export const OfficerRole = createContext<Role>('treasurer');

export function useOfficerRole(): Role {
  return useContext(OfficerRole);
}
