/** The page's status region: what the last change did. Always present, so screen readers hear each change. */
export function MoneyStatus({ message }: { message: string | null }) {
  return (
    <p className="moderation-status" role="status">
      {message ?? ''}
    </p>
  );
}
