export function FullScreenLoading({ message }: { message: string }) {
  return (
    <div className="full-screen-loading" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
