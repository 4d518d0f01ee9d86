import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { fractionToPercentText, percentToFraction } from '@/lib/loans';
import { onChangeAnswer } from '@/lib/officers';
import { useSetBankSettings, type BankSettings, type BankSettingsChange, type BankSettingsSwitch } from '@/features/bank-settings/api/use-bank-settings';

const SETTINGS_SAVED = 'Bank settings saved';

type Control = Exclude<keyof BankSettingsChange, BankSettingsSwitch>;

/** The controls a treasurer edits, in the order shown; rates are typed as percentages (the server stores fractions). */
const CONTROLS: ReadonlyArray<{ name: Control; label: string; hint: string; percent: boolean }> = [
  {
    name: 'four_eyes_above',
    label: 'Four-eyes threshold (bread)',
    hint: 'Approving a loan, a withdrawal or a pearl exchange above this, or adding a loan above it, needs two different officers. Whole bread, 0 to 1,000,000,000.',
    percent: false,
  },
  { name: 'savings_rate_min', label: 'Lowest weekly savings rate (%)', hint: 'A week, such as 5', percent: true },
  { name: 'savings_rate_max', label: 'Highest weekly savings rate (%)', hint: 'A week, such as 10', percent: true },
  { name: 'loan_rate_min', label: 'Lowest loan rate (%)', hint: 'Whole term, such as 10', percent: true },
  { name: 'loan_rate_max', label: 'Highest loan rate (%)', hint: 'Whole term, such as 50', percent: true },
  {
    name: 'start_date_back_days',
    label: 'Days a start date may move back',
    hint: 'How far back one officer may move a loan or savings start date. Whole days, 0 to 3,650.',
    percent: false,
  },
  {
    name: 'arrears_bucket_1_to',
    label: 'First arrears bucket ends on (days)',
    hint: 'Loans 1 day behind up to this many days are in the first bucket (3 by default).',
    percent: false,
  },
  {
    name: 'arrears_bucket_2_to',
    label: 'Second arrears bucket ends on (days)',
    hint: 'After the first bucket (7 by default). Each bucket ends after the one before.',
    percent: false,
  },
  {
    name: 'arrears_bucket_3_to',
    label: 'Third arrears bucket ends on (days)',
    hint: 'After the second bucket (30 by default); the last bucket is every day past it.',
    percent: false,
  },
  {
    name: 'auto_bad_payer_days',
    label: 'Days in arrears before the bank marks a bad payer',
    hint: 'Used while the bank marks bad payers by itself (below). Fewer days is done at once; more days takes a second treasurer.',
    percent: false,
  },
];

function savedText(settings: BankSettings, control: (typeof CONTROLS)[number]): string {
  const value = settings[control.name];
  return control.percent ? fractionToPercentText(value) : String(value);
}

/**
 * The bank's controls: the four-eyes threshold and the bounds of rates and start dates. Tightening
 * is done at once; loosening waits for a second treasurer (202), said in the server's words.
 */
export function ThresholdForm({ settings }: { settings: BankSettings }) {
  // a field not typed into follows the saved value (another treasurer may change it)
  const [typed, setTyped] = useState<Partial<Record<Control, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const save = useSetBankSettings();
  const edited = CONTROLS.filter((control) => typed[control.name] !== undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const change: BankSettingsChange = {};
    for (const control of edited) {
      const text = (typed[control.name] ?? '').trim();
      // a percentage the screen cannot read goes as typed: the server says what is wrong with it
      change[control.name] = control.percent ? String(percentToFraction(text) ?? text) : text;
    }
    save.mutate(change, {
      onSuccess: onChangeAnswer(() => {
        setTyped({});
        setNotice({ tone: 'success', text: SETTINGS_SAVED });
      }, setNotice),
      onError: (error) => setNotice({ tone: 'error', text: `Error saving bank settings: ${errorDetail(error)}` }),
    });
  };

  return (
    <Card title="Controls" icon={<Icon name="shield" />}>
      <form className="form form--tight" onSubmit={submit} noValidate aria-label="Bank settings">
        {CONTROLS.map((control) => (
          <TextField
            key={control.name}
            label={control.label}
            hint={control.hint}
            type="text"
            inputMode={control.percent ? 'decimal' : 'numeric'}
            autoComplete="off"
            value={typed[control.name] ?? savedText(settings, control)}
            onChange={(next) => {
              setTyped((current) => ({ ...current, [control.name]: next }));
              if (notice) setNotice(null);
            }}
          />
        ))}
        <NoticeBanner notice={notice} />
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={save.isPending || edited.length === 0 || edited.some((control) => !(typed[control.name] ?? '').trim())}
        >
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </button>
      </form>
    </Card>
  );
}
