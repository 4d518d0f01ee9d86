import { Icon } from '@/components/icon';

/** The Write Off button a loan's card offers (the last of its actions row); it opens WriteOffModal. */
export function WriteOffButton({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" className="btn btn--secondary btn--small actions-row__end" onClick={onOpen}>
      <Icon name="alert" size={16} />
      Write Off
    </button>
  );
}
