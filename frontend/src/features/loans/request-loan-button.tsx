/** The next step from an empty loan list: open the Request Loan tab. */
export function RequestLoanButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="btn btn--primary btn--small" onClick={onClick}>
      Request Loan
    </button>
  );
}
