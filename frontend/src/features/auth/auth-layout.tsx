import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';
import { Footer } from '@/components/footer';
import { ThemeSelector } from '@/features/auth/theme/theme-selector';

/** The frame of the sign-in and register screens: theme button top-left, one centred card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-page__toolbar">
        <ThemeSelector />
      </div>
      <main className="auth-page__main">
        <div className="auth-card">
          <Brand tagline="Banking for the guild" />
          <h1 className="auth-card__title">{title}</h1>
          <p className="auth-card__subtitle">{subtitle}</p>
          {children}
        </div>
      </main>
      <Footer />
    </div>
  );
}
