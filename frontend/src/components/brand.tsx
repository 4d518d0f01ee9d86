import { Icon } from '@/components/icon';
import { getPageConfig } from '@/lib/page-config';

export function Brand({ tagline }: { tagline?: string }) {
  return (
    <div className="brand">
      <span className="brand__logo">
        <Icon name="bank" size={22} />
      </span>
      <div>
        <p className="brand__name">{getPageConfig().product}</p>
        {tagline && <p className="brand__tagline">{tagline}</p>}
      </div>
    </div>
  );
}
