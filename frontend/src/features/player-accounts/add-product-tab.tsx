import { useState } from 'react';
import { type AdminPlayer, usePlayerSearchPages } from '@/features/players';
import { PlayerSearch } from '@/features/player-accounts/player-search';
import { ProductForm } from '@/features/player-accounts/product-form';
import { SelectedPlayer } from '@/features/player-accounts/selected-player';
import '@/components/bank-ui.css';

export function AddProductTab({ adminName }: { adminName: string }) {
  const [term, setTerm] = useState<string | null>(null);
  const search = usePlayerSearchPages(term);
  const [picked, setPicked] = useState<AdminPlayer | null>(null);
  // the freshest copy of the chosen player (a live notice refetches the search: bad payer flag)
  const found = search.data?.pages.flatMap((page) => page.players).find((player) => player.id === picked?.id);
  const selected = picked ? (found ?? picked) : null;
  return (
    <div className="stack">
      <div className="split split--even">
        <PlayerSearch term={term} onSearch={setTerm} search={search} selected={selected} onSelect={setPicked} />
        <ProductForm player={selected} adminName={adminName} />
      </div>
      {selected && <SelectedPlayer player={selected} onClear={() => setPicked(null)} />}
    </div>
  );
}
