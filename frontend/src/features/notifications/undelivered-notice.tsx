import { formatDateTime } from '@/lib/dates';
import { useUndelivered } from '@/features/notifications/api/use-undelivered';
import '@/components/bank-ui.css';
import { nounFor, plural } from '@/lib/plural';

/** On the admin Overview: Discord messages that have not reached the players yet (nothing when none). */
export function UndeliveredNotice() {
  const undelivered = useUndelivered();
  const data = undelivered.data;
  if (!data || data.count === 0) return null;
  const messages = `${plural(data.count, 'Discord notification')} ${nounFor(data.count, 'has', 'have')}`;
  return (
    <p className="alert alert--error" role="status" data-testid="undelivered-notice">
      {messages} not been delivered yet
      {data.oldest && <> (oldest queued {formatDateTime(data.oldest)})</>}.
      {!data.enabled && ' Discord notifications are off: DISCORD_WEBHOOK_URL is not set.'}
    </p>
  );
}
