import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { FullScreenLoading } from '@/components/full-screen-loading';
import { decideRoute } from '@/app/route-guard';
import { LiveUpdates } from '@/app/live-updates';
import { storageKeys } from '@/lib/storage';
import { useAuth, SignInScreen, RegisterScreen } from '@/features/auth';
import { RedirectTo } from '@/app/redirect-to';

// The signed-in screens load as their own chunks so the sign-in page stays light.
const PlayerDashboard = lazy(() =>
  import(/* webpackChunkName: "player-dashboard" */ '@/features/player').then((module) => ({
    default: module.PlayerDashboard,
  })),
);

const AdminPanel = lazy(() =>
  import(/* webpackChunkName: "admin-panel" */ '@/features/admin').then((module) => ({
    default: module.AdminPanel,
  })),
);

const DiscordLinkedScreen = lazy(() =>
  import(/* webpackChunkName: "discord-linked" */ '@/features/discord').then((module) => ({
    default: module.DiscordLinkedScreen,
  })),
);

function readRemembered(): string | null {
  try {
    return sessionStorage.getItem(storageKeys.redirectAfterLogin);
  } catch {
    return null;
  }
}

export function AppRoutes() {
  const { state, forcedLogout, logout } = useAuth();
  const location = useLocation();
  const authenticated = state.status === 'authenticated';
  const decision = decideRoute({
    path: location.pathname,
    fullPath: location.pathname + location.search,
    status: state.status,
    isAdmin: authenticated && state.isAdmin,
    forcedLogout,
    rememberedPath: authenticated ? readRemembered() : null,
  });

  let content;
  if (decision.kind === 'loading') {
    content = <FullScreenLoading message="Checking authentication..." />;
  } else if (decision.kind === 'redirect') {
    content = <RedirectTo to={decision.to} remember={decision.remember} forgetRemembered={decision.forgetRemembered} />;
  } else {
    const username = authenticated ? state.username : '';
    content = (
      <Routes>
        <Route path="/" element={<SignInScreen />} />
        <Route path="/login" element={<SignInScreen />} />
        <Route path="/register" element={<RegisterScreen />} />
        <Route
          path="/dashboard"
          element={
            <Suspense fallback={<FullScreenLoading message="Loading banking data..." />}>
              <PlayerDashboard username={username} onLogout={logout} />
            </Suspense>
          }
        />
        <Route
          path="/admin-panel"
          element={
            <Suspense fallback={<FullScreenLoading message="Loading admin panel..." />}>
              <AdminPanel username={username} onLogout={logout} />
            </Suspense>
          }
        />
        <Route
          path="/discord/linked"
          element={
            <Suspense fallback={<FullScreenLoading message="Linking your Discord account..." />}>
              <DiscordLinkedScreen username={username} onLogout={logout} home={authenticated && state.isAdmin ? '/admin-panel' : '/dashboard'} />
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    );
  }

  return (
    <>
      {authenticated && <LiveUpdates />}
      {content}
    </>
  );
}
