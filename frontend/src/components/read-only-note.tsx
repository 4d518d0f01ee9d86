import { Icon } from '@/components/icon';
import '@/components/bank-ui.css';

/**
 * Why a screen shows its figures without the buttons that change them: the officer's role may read
 * them but not change them (bank/roles.py; the server refuses the change anyway).
 */
export function ReadOnlyNote({ children, className }: { children: string; className?: string }) {
  return (
    <p className={className ? `note ${className}` : 'note'} role="note">
      <Icon name="shield" size={18} />
      <span>{children}</span>
    </p>
  );
}
