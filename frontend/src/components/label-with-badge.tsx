/**
 * A tab's name and its pending count, the count glued to the name's last word: a name that wraps
 * ("Pearl Exchange / Requests 3") carries its badge on its last line, never between two lines.
 */
export function LabelWithBadge({ label, badge }: { label: string; badge: number }) {
  const cut = label.lastIndexOf(' ');
  return (
    <span>
      {cut >= 0 && label.slice(0, cut + 1)}
      <span className="tabs__glued">
        {label.slice(cut + 1)}{' '}
        <span className="tabs__badge" aria-label={`${badge} pending`}>
          {badge}
        </span>
      </span>
    </span>
  );
}
