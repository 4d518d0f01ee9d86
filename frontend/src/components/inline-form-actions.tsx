/** Save and Cancel under an inline edit form; Save says 'Saving...' and waits while it saves. */
export function InlineFormActions({
  saveLabel,
  saving,
  onCancel,
}: {
  saveLabel: string;
  saving: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="inline-form__actions">
      <button type="submit" className="btn btn--primary btn--small" disabled={saving}>
        {saving ? 'Saving...' : saveLabel}
      </button>
      <button type="button" className="btn btn--secondary btn--small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
