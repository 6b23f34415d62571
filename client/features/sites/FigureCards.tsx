export interface Figure {
  label: string;
  value: string;
}

/** The longest figure main.css has a class for: "$1,000,000,000.00" is 17. */
const MAX_FIGURE_CHARS = 20;

/**
 * Figures as the dashboard and admin sites show them: a card each. The values of one grid share a
 * size, 28 px at most and small enough for the longest to fit its card at any width: `.stat dd`
 * sizes itself from the card's width and `--figure-chars`, the longest value's length, set by a
 * class (`stat-grid--chars-N`, main.css) rather than a style attribute, so that a page drawn under
 * a strict style-src (the support console's replayed frame) shows the figures as the shop does.
 */
export function FigureCards({ figures, className }: { figures: readonly Figure[]; className?: string }) {
  const longest = Math.min(MAX_FIGURE_CHARS, Math.max(1, ...figures.map((figure) => figure.value.length)));
  const classes = ['stat-grid', `stat-grid--chars-${longest}`, ...(className ? [className] : [])].join(' ');
  return (
    <dl className={classes}>
      {figures.map((figure) => (
        <div key={figure.label} className="site-card stat">
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
