import { formatDateTime } from '@/lib/dates';
import { useUndelivered } from '@/features/notifications/api/use-undelivered';
import '@/components/bank-ui.css';

/** On the admin Overview: Discord messages that have not reached the players yet (nothing when none). */
export function UndeliveredNotice() {
  const undelivered = useUndelivered();
  const data = undelivered.data;
  if (!data || data.count === 0) return null;
  const messages = data.count === 1 ? '1 Discord notification has' : `${data.count.toLocaleString('en-US')} Discord notifications have`;
  return (
    <p className="alert alert--error" role="status" data-testid="undelivered-notice">
      {messages} not been delivered yet
      {data.oldest && <> (oldest queued {formatDateTime(data.oldest)})</>}.
      {!data.enabled && ' Discord notifications are off: DISCORD_WEBHOOK_URL is not set.'}
    </p>
  );
}
