import { useId, type ReactNode } from 'react';

/** What a control inside a FieldFrame needs: its id, and the id of the hint it is described by. */
export interface FieldControlIds {
  id: string;
  describedBy: string | undefined;
}

/** The label, the control and an optional hint read out with it: every form field's frame. */
export function FieldFrame({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (ids: FieldControlIds) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({ id, describedBy: hint ? hintId : undefined })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
