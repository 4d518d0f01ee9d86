/** pending: neither done nor refused (a large loan waiting for a second officer's approval) */
export type Notice = { tone: 'success' | 'error' | 'pending'; text: string } | null;

/**
 * The outcome of an action, said where it happened: errors as an alert (read out at once),
 * successes as a status message.
 */
export function NoticeBanner({ notice, className }: { notice: Notice; className?: string }) {
  if (!notice) return null;
  return (
    <p
      className={['alert', `alert--${notice.tone}`, className ?? ''].filter(Boolean).join(' ')}
      role={notice.tone === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
    </p>
  );
}
