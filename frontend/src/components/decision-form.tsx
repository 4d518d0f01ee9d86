import { TextAreaField } from '@/components/text-area-field';

export type DecisionKind = 'approve' | 'deny';

/** A denial needs a reason: nothing is sent without one (docs/rules.md, Withdrawals; loans and
 * exchanges alike); approval notes are optional. */
function decisionReady(kind: DecisionKind, text: string): boolean {
  return kind === 'approve' || text.trim() !== '';
}

interface DecisionFormProps {
  kind: DecisionKind;
  text: string;
  onText: (text: string) => void;
  /** the server's bound on notes and reasons */
  maxLength?: number;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * The form of an admin's decision on a request (loan, withdrawal, pearl exchange): the notes or
 * the reason, Cancel, and Approve or Deny, disabled until the decision can be sent.
 */
export function DecisionForm({ kind, text, onText, maxLength, busy, onSubmit, onCancel }: DecisionFormProps) {
  const ready = decisionReady(kind, text);
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !busy) onSubmit();
      }}
    >
      <TextAreaField
        label={kind === 'approve' ? 'Approval notes (optional)' : 'Reason for denial'}
        value={text}
        onChange={onText}
        maxLength={maxLength}
        required={kind === 'deny'}
        autoFocus
      />
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={kind === 'approve' ? 'btn btn--primary' : 'btn btn--danger'} disabled={!ready || busy}>
          {kind === 'approve' ? (busy ? 'Approving...' : 'Approve') : busy ? 'Denying...' : 'Deny'}
        </button>
      </div>
    </form>
  );
}
