import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/components/icon';

interface EmptyStateProps {
  title: string;
  text?: string;
  icon?: IconName;
  /** Inside a card of its own (a whole tab), or bare (inside a card that already frames it). */
  framed?: boolean;
  action?: ReactNode;
}

/** What a list shows when it has nothing yet: a title, a line of help, and maybe a next step. */
export function EmptyState({ title, text, icon, framed = true, action }: EmptyStateProps) {
  return (
    <div className={framed ? 'empty-state card' : 'empty-state'}>
      {icon && (
        <span className="empty-state__art">
          <Icon name={icon} size={28} />
        </span>
      )}
      <p className="empty-state__title">{title}</p>
      {text && <p className="muted">{text}</p>}
      {action && <div>{action}</div>}
    </div>
  );
}
