export function LoadingBlock({ message }: { message: string }) {
  return (
    <div className="status-block" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
