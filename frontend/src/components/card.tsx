import type { ReactNode } from 'react';

interface CardProps {
  title?: string;
  /** An <Icon/> (or any short inline content such as an emoji). */
  icon?: ReactNode;
  tone?: 'default' | 'accent' | 'success' | 'gold';
  className?: string;
  children: ReactNode;
}

export function Card({ title, icon, tone = 'default', className, children }: CardProps) {
  const classes = ['card', tone !== 'default' ? `card--${tone}` : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <article className={classes}>
      {title && (
        <header className="card__header">
          {icon && (
            <span className="card__icon" aria-hidden="true">
              {icon}
            </span>
          )}
          <h3 className="card__title">{title}</h3>
        </header>
      )}
      {children}
    </article>
  );
}
