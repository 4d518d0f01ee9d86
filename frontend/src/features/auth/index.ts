export { AuthProvider, useAuth } from '@/features/auth/auth-context';
export { ChangePasswordButton } from '@/features/auth/change-password-button';
export { RegisterScreen } from '@/features/auth/register-screen';
export { hasLiveStoredSession } from '@/features/auth/session-sync';
export { SignInScreen } from '@/features/auth/sign-in-screen';
export { ThemeProvider } from '@/features/auth/theme/theme-context';
export { THEMES, applyTheme, readStoredTheme } from '@/features/auth/theme/themes';
