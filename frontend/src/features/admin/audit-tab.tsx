import { useMemo, useState } from 'react';
import { SelectField, type SelectOption } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AuditEntryList } from '@/features/audit/audit-entry-list';
import { useAuditPages } from '@/features/audit/api/use-audit';
import '@/components/bank-ui.css';

const ALL_KINDS: SelectOption<string> = { value: '', label: 'All actions' };

/** The Audit tab: every admin action that changed data, filtered by player, kind and officer. */
export function AuditTab() {
  const [playerId, setPlayerId] = useState('');
  const [kind, setKind] = useState('');
  const [officer, setOfficer] = useState('');
  const filters = useDebouncedValue({ playerId: playerId.trim(), kind, officer: officer.trim() });
  // the kinds come with every page of the trail (the server's list): read them from the unfiltered one
  const kinds = useAuditPages({ playerId: '', kind: '' }).data?.pages[0]?.kinds;
  const options = useMemo(() => [ALL_KINDS, ...(kinds ?? []).map((item) => ({ value: item.kind, label: item.label }))], [kinds]);

  return (
    <>
      <div className="toolbar toolbar--filters">
        <TextField label="Player ID" value={playerId} onChange={setPlayerId} inputMode="numeric" placeholder="Every player" />
        <SelectField label="Action" value={kind} options={options} onChange={setKind} />
        <TextField label="Officer" value={officer} onChange={setOfficer} autoComplete="off" placeholder="Every officer" />
        <span className="toolbar__spacer" />
        {(playerId || kind || officer) && (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              setPlayerId('');
              setKind('');
              setOfficer('');
            }}
          >
            Clear filters
          </button>
        )}
      </div>
      <AuditEntryList filters={filters} onPickPlayer={(id) => setPlayerId(String(id))} />
    </>
  );
}
