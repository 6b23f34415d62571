/** A report's totals for its range, as the Dashboard shows figures: a card each. */
export function ReportFigures({ figures }: { figures: readonly { label: string; value: string }[] }) {
  return (
    <dl className="stat-grid report-figures">
      {figures.map((figure) => (
        <div key={figure.label} className="site-card stat">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
