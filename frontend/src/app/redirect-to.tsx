import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { storageKeys } from '@/lib/storage';

export function RedirectTo({ to, remember, forgetRemembered }: { to: string; remember?: string; forgetRemembered?: boolean }) {
  useEffect(() => {
    try {
      if (remember) sessionStorage.setItem(storageKeys.redirectAfterLogin, remember);
      else if (forgetRemembered) sessionStorage.removeItem(storageKeys.redirectAfterLogin);
    } catch {
      // Without session storage the user simply lands on their home page after sign-in.
    }
  }, [remember, forgetRemembered]);
  return <Navigate to={to} replace />;
}
