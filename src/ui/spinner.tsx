export const Spinner = ({ label }: { label: string }) => (
  <div className="spinner" role="status" aria-live="polite">
    {label}
  </div>
);
