import { createContext, useContext } from 'react';
import type { Schemas } from '@/lib/api-types';
import type { Role } from '@/lib/officers';

/**
 * What the signed-in officer may do: GET /api/me's `may`, which the server computes from its one role
 * table (bank/roles.py ACTIONS). The panel keeps no role table of its own.
 */
type May = Schemas['MayOut'];
type Action = keyof May;

/** The signed-in officer: their role (for its label) and what they may do (`may`: null while unknown). */
export interface Officer {
  role: Role;
  may: May | null;
}

/** Provided by the admin panel; a screen rendered alone acts as a treasurer who may do everything. */
export const OfficerAccess = createContext<Officer>({ role: 'treasurer', may: null });

export function useOfficerRole(): Role {
  return useContext(OfficerAccess).role;
}

/**
 * Whether the server lets the signed-in officer do `action`: the panel shows only what they may use,
 * and the server refuses anything else anyway (403). Until /api/me answers, everything shows.
 */
export function useMay(action: Action): boolean {
  const { may } = useContext(OfficerAccess);
  return may ? may[action] : true;
}
