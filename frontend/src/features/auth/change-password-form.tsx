import { useRef, useState, type FormEvent } from 'react';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ApiError } from '@/lib/api-client';
import { errorDetail } from '@/lib/errors';
import { useChangePassword } from '@/features/auth/api/use-change-password';
import { PasswordField } from '@/features/auth/password-field';

const MISMATCH = 'The new passwords do not match';

type FieldName = 'current' | 'next' | 'confirm';
type FieldMessages = Partial<Record<FieldName, string>>;

/** The server's field errors by the form's fields (its length rule names the new one `password`). */
function fieldMessages(error: unknown): FieldMessages {
  if (!(error instanceof ApiError)) return {};
  const { current_password: current, new_password: next, password } = error.fields;
  return { current: current?.[0], next: next?.[0] ?? password?.[0] };
}

/** Current, new and confirm: the server checks the current password and the rule for the new one. */
export function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [notice, setNotice] = useState<Notice>(null);
  const change = useChangePassword();
  const currentInput = useRef<HTMLInputElement>(null);
  const nextInput = useRef<HTMLInputElement>(null);
  const confirmInput = useRef<HTMLInputElement>(null);
  const done = change.isSuccess;

  const showErrors = (found: FieldMessages) => {
    setErrors(found);
    const first = found.current ? currentInput : found.next ? nextInput : found.confirm ? confirmInput : null;
    first?.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setNotice(null);
    if (next !== confirm) {
      showErrors({ confirm: MISMATCH });
      return;
    }
    showErrors({});
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: (answer) => {
          setCurrent('');
          setNext('');
          setConfirm('');
          setNotice({ tone: 'success', text: answer.detail });
        },
        onError: (error) => {
          const found = fieldMessages(error);
          if (found.current || found.next) showErrors(found);
          else setNotice({ tone: 'error', text: errorDetail(error, 'Your password could not be changed.') });
        },
      },
    );
  };

  const edit = (setter: (value: string) => void, name: FieldName) => (value: string) => {
    setter(value);
    if (errors[name]) setErrors({ ...errors, [name]: undefined });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Change password">
      {!done && (
        <>
          <PasswordField
            ref={currentInput}
            label="Current password"
            autoComplete="current-password"
            value={current}
            onChange={edit(setCurrent, 'current')}
            error={errors.current}
            autoFocus
          />
          <PasswordField
            ref={nextInput}
            label="New password"
            autoComplete="new-password"
            value={next}
            onChange={edit(setNext, 'next')}
            error={errors.next}
          />
          <PasswordField
            ref={confirmInput}
            label="Confirm new password"
            autoComplete="new-password"
            value={confirm}
            onChange={edit(setConfirm, 'confirm')}
            error={errors.confirm}
          />
        </>
      )}
      <NoticeBanner notice={notice} />
      <div className="modal__actions">
        {done ? (
          <button type="button" className="btn btn--primary" onClick={onClose} autoFocus>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="btn btn--secondary" onClick={onClose} disabled={change.isPending}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={change.isPending || !current || !next || !confirm}>
              {change.isPending ? 'Changing...' : 'Change password'}
            </button>
          </>
        )}
      </div>
    </form>
  );
}
