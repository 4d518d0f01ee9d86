/** Recovery codes, shown once: the person writes them down or keeps them somewhere safe. */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="card card--gold security-codes" aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
      <h3 className="card__title" id="recovery-codes-title">
        Your recovery codes
      </h3>
      <p>
        If you lose your phone, each of these codes lets you sign in once instead of a code from your app. Write them down
        or keep them somewhere safe now: they are shown only this once.
      </p>
      <ol className="security-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--primary" onClick={onDone}>
        I have saved my recovery codes
      </button>
    </section>
  );
}
