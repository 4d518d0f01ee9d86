import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Approval } from '@/lib/officers';
import { useMyDisplayName } from '@/features/officers/api/use-my-role';

/**
 * The signed-in officer's display name, the name an approval is recorded under: /api/me says it; until
 * it answers, the panel uses what it learned from the officer's own approvals (the 202's approval is
 * theirs), kept for the browser session.
 */
interface MyName {
  name: string | null;
  learn: (name: string) => void;
}

export const MyOfficerName = createContext<MyName>({ name: null, learn: () => undefined });

const storageKey = (username: string) => `officerDisplayName:${username}`;

export function MyOfficerNameProvider({ username, children }: { username: string; children: ReactNode }) {
  const [name, setName] = useState<string | null>(() => sessionStorage.getItem(storageKey(username)));
  // /api/me says it (an officer's display name); what the panel learned stands until it answers
  const told = useMyDisplayName().data ?? null;
  const value = useMemo(
    () => ({
      name: told ?? name,
      learn: (learned: string) => {
        sessionStorage.setItem(storageKey(username), learned);
        setName(learned);
      },
    }),
    [name, told, username],
  );
  return <MyOfficerName.Provider value={value}>{children}</MyOfficerName.Provider>;
}

export function useMyOfficerName(): MyName {
  return useContext(MyOfficerName);
}

/** The signed-in officer's own approval among a request's, if they gave one. */
export function useMyApproval(approvals: readonly Approval[] | undefined): Approval | undefined {
  const { name } = useMyOfficerName();
  return name === null ? undefined : approvals?.find((approval) => approval.officer === name);
}
