import { useMemo, useState } from 'react';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField, type SelectOption } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { plural } from '@/lib/plural';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AuditEntryList } from '@/features/audit/audit-entry-list';
import { EVERY_ENTRY, type AuditFilters } from '@/features/audit/api/keys';
import { useAuditPages, type AuditOfficer } from '@/features/audit/api/use-audit';
import { useDownloadAuditCsv } from '@/features/audit/api/download-audit-csv';
import '@/components/bank-ui.css';
import '@/components/credit.css';
import '@/features/audit/audit.css';

const ALL_KINDS: SelectOption<string> = { value: '', label: 'All actions' };
const ALL_OFFICERS: SelectOption<string> = { value: '', label: 'Every officer' };

/** "Ada the Treasurer (admin)"; an officer no longer active says so. */
function officerOption(officer: AuditOfficer): SelectOption<string> {
  const name = officer.display_name && officer.display_name !== officer.username ? `${officer.display_name} (${officer.username})` : officer.username;
  return { value: officer.username, label: officer.active ? name : `${name} · inactive` };
}

/** The Audit tab: every admin action that changed data, filtered by officer, player, kind and days, and exported as CSV. */
export function AuditTab() {
  const [officer, setOfficer] = useState('');
  const [player, setPlayer] = useState('');
  const [playerId, setPlayerId] = useState('');
  const [kind, setKind] = useState('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const typed: AuditFilters = { playerId: playerId.trim(), kind, officer, player: player.trim(), dateFrom, dateTo };
  const filters = useDebouncedValue(typed);
  const exportCsv = useDownloadAuditCsv();
  // the kinds and the officers come with every page of the trail (the server's lists): read them from the unfiltered one
  const everything = useAuditPages(EVERY_ENTRY).data?.pages[0];
  const kinds = everything?.kinds;
  const officers = everything?.officers;
  const kindOptions = useMemo(() => [ALL_KINDS, ...(kinds ?? []).map((item) => ({ value: item.kind, label: item.label }))], [kinds]);
  const officerOptions = useMemo(() => {
    const options = [ALL_OFFICERS, ...(officers ?? []).map(officerOption)];
    // an officer picked before the list came (or gone since) stays shown as picked
    return officer && !options.some((option) => option.value === officer) ? [...options, { value: officer, label: officer }] : options;
  }, [officers, officer]);
  const filtered = Boolean(officer || player || playerId || kind || dateFrom || dateTo);

  const change = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setNotice(null);
  };

  return (
    <>
      <div className="audit-filters">
        <SelectField label="Officer" value={officer} options={officerOptions} onChange={change(setOfficer)} />
        <TextField label="Player name" type="search" value={player} onChange={change(setPlayer)} autoComplete="off" placeholder="Every player" />
        <TextField label="Player ID" value={playerId} onChange={change(setPlayerId)} inputMode="numeric" placeholder="Every player" />
        <SelectField label="Action" value={kind} options={kindOptions} onChange={change(setKind)} />
        <TextField label="From" type="date" value={dateFrom} onChange={change(setDateFrom)} />
        <TextField label="To" type="date" value={dateTo} onChange={change(setDateTo)} />
      </div>
      <div className="toolbar audit-filters__actions">
        {filtered && (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              setOfficer('');
              setPlayer('');
              setPlayerId('');
              setKind('');
              setDateFrom('');
              setDateTo('');
              setNotice(null);
            }}
          >
            Clear filters
          </button>
        )}
        <button
          type="button"
          className="btn btn--secondary btn--small"
          disabled={exportCsv.isPending}
          onClick={() => {
            setNotice(null);
            // what the filters show now, not what the list last asked for
            exportCsv.mutate(typed, {
              onSuccess: ({ filename, total }) =>
                setNotice({
                  tone: 'success',
                  text: total === null ? `Downloaded ${filename}.` : `Downloaded ${filename}: ${plural(total, 'entry', 'entries')}.`,
                }),
              onError: (error) => setNotice({ tone: 'error', text: `Error exporting audit entries: ${errorDetail(error)}` }),
            });
          }}
        >
          <Icon name="filePlus" size={16} />
          {exportCsv.isPending ? 'Preparing...' : 'Export CSV'}
        </button>
      </div>
      <NoticeBanner notice={notice} />
      <AuditEntryList filters={filters} onPickPlayer={(id) => setPlayerId(String(id))} />
    </>
  );
}
