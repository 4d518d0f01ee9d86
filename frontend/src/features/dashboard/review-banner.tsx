import { Icon, type IconName } from '@/components/icon';
import '@/components/bank-ui.css';
import '@/components/credit.css';
import '@/components/admin-overview.css';

interface ReviewBannerProps {
  icon: IconName;
  text: string;
  sub?: string;
  action: string;
  actionLabel: string;
  onAction: () => void;
  testId: string;
  tone?: 'warning' | 'error';
}

export function ReviewBanner({ icon, text, sub, action, actionLabel, onAction, testId, tone = 'warning' }: ReviewBannerProps) {
  return (
    <div className={tone === 'error' ? 'review-banner review-banner--error' : 'review-banner'} role="region" aria-label={text} data-testid={testId}>
      <div>
        <p className="review-banner__text">
          <Icon name={icon} size={18} />
          {text}
        </p>
        {sub && <p className="review-banner__sub">{sub}</p>}
      </div>
      <button type="button" className="btn btn--primary btn--small" onClick={onAction} aria-label={actionLabel}>
        {action}
      </button>
    </div>
  );
}
