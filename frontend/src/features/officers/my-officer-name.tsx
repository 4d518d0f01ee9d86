import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Approval } from '@/lib/officers';

/**
 * The signed-in officer's display name, the name an approval is recorded under. /api/me does not say
 * it (it answers the sign-in name), so the panel learns it from the officer's own first approval
 * (the 202's approval is theirs) and keeps it for the browser session.
 */
interface MyName {
  name: string | null;
  learn: (name: string) => void;
}

export const MyOfficerName = createContext<MyName>({ name: null, learn: () => undefined });

const storageKey = (username: string) => `officerDisplayName:${username}`;

export function MyOfficerNameProvider({ username, children }: { username: string; children: ReactNode }) {
  const [name, setName] = useState<string | null>(() => sessionStorage.getItem(storageKey(username)));
  const value = useMemo(
    () => ({
      name,
      learn: (learned: string) => {
        sessionStorage.setItem(storageKey(username), learned);
        setName(learned);
      },
    }),
    [name, username],
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
