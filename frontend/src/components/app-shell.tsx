import { useState, type ReactNode } from 'react';
import { Brand } from '@/components/brand';
import { Footer } from '@/components/footer';

interface AppShellProps {
  username: string;
  role: string;
  onLogout: () => Promise<void>;
  /** the signed-in person's own account actions (Change password), before Logout */
  userActions?: ReactNode;
  children: ReactNode;
}

/** Header with the welcome line and Logout, the page body, and the footer. */
export function AppShell({ username, role, onLogout, userActions, children }: AppShellProps) {
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="app-shell">
      <header className="app-header">
        <div className="app-header__inner">
          <Brand tagline={role} />
          <div className="app-header__user">
            <p className="app-header__welcome">
              Welcome, <strong>{username}</strong>
            </p>
            <div className="app-header__actions">
              {userActions}
              <button
                type="button"
                className="btn btn--secondary btn--small"
                disabled={leaving}
                onClick={() => {
                  setLeaving(true);
                  void onLogout();
                }}
              >
                Logout
              </button>
            </div>
          </div>
        </div>
      </header>
      <main className="app-main">{children}</main>
      <Footer />
    </div>
  );
}
