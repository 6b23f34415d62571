import type { CSSProperties } from 'react';

export interface Figure {
  label: string;
  value: string;
}

/**
 * Figures as the dashboard and admin sites show them: a card each. The values of one grid share a
 * size, 28 px at most and small enough for the longest to fit its card at any width: `.stat dd`
 * sizes itself from the card's width and `--figure-chars`, the longest value's length.
 */
export function FigureCards({ figures, className }: { figures: readonly Figure[]; className?: string }) {
  const longest = Math.max(1, ...figures.map((figure) => figure.value.length));
  return (
    <dl className={className ? `stat-grid ${className}` : 'stat-grid'} style={{ '--figure-chars': longest } as CSSProperties}>
      {figures.map((figure) => (
        <div key={figure.label} className="site-card stat">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
