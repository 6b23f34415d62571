/** A chart of how a cost grows: one line per series over a shared x axis (sizes, clients, buyers). */
export interface Chart {
  /** File name without extension: `catalogue-p99`. */
  slug: string;
  title: string;
  xLabel: string;
  yLabel: string;
  /** A log scale suits sizes that grow tenfold (10k, 100k, 1M). */
  logX?: boolean;
  series: Array<{ name: string; points: Array<{ x: number; y: number }> }>;
}

const WIDTH = 640;
const HEIGHT = 360;
const MARGIN = { top: 40, right: 170, bottom: 50, left: 64 };
const COLOURS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#0a7d8c', '#bc4c00', '#57606a'];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Round steps for an axis from 0 to `max`. */
function ticks(max: number): number[] {
  if (max <= 0) return [0];
  const step = 10 ** Math.floor(Math.log10(max));
  const unit = max / step > 5 ? step * 2 : max / step > 2 ? step : step / 2;
  const values: number[] = [];
  for (let value = 0; value <= max * 1.0001; value += unit) values.push(Number(value.toPrecision(6)));
  return values;
}

const label = (value: number) => (value >= 1_000_000 ? `${value / 1_000_000}M` : value >= 1_000 ? `${value / 1_000}k` : String(value));

/**
 * The chart as a standalone SVG (no script, no external font), readable in a browser or a
 * repository's file view: axes with their labels, one polyline and its points per series, a legend.
 */
export function chartSvg(chart: Chart): string {
  const xs = chart.series.flatMap((series) => series.points.map((point) => point.x));
  const ys = chart.series.flatMap((series) => series.points.map((point) => point.y));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const scaleX = (x: number) =>
    chart.logX
      ? MARGIN.left + ((Math.log10(x) - Math.log10(xMin)) / Math.max(1e-9, Math.log10(xMax) - Math.log10(xMin))) * plotWidth
      : MARGIN.left + ((x - Math.min(0, xMin)) / Math.max(1e-9, xMax - Math.min(0, xMin))) * plotWidth;
  const yTicks = ticks(Math.max(...ys, 0) * 1.1);
  const yMax = yTicks[yTicks.length - 1]! || 1;
  const scaleY = (y: number) => MARGIN.top + plotHeight - (y / yMax) * plotHeight;
  const xTicks = [...new Set(xs)].sort((a, b) => a - b);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12" role="img" aria-labelledby="title">`,
    `<title id="title">${escapeXml(chart.title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${MARGIN.left}" y="22" font-size="14" font-weight="bold" fill="#24292f">${escapeXml(chart.title)}</text>`,
  ];
  for (const tick of yTicks) {
    const y = scaleY(tick).toFixed(1);
    parts.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${y}" y2="${y}" stroke="#d0d7de"/>`);
    parts.push(`<text x="${MARGIN.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle" fill="#57606a">${label(tick)}</text>`);
  }
  for (const tick of xTicks) {
    const x = scaleX(tick).toFixed(1);
    parts.push(`<line x1="${x}" x2="${x}" y1="${MARGIN.top + plotHeight}" y2="${MARGIN.top + plotHeight + 5}" stroke="#57606a"/>`);
    parts.push(`<text x="${x}" y="${MARGIN.top + plotHeight + 18}" text-anchor="middle" fill="#57606a">${label(tick)}</text>`);
  }
  parts.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${MARGIN.top + plotHeight}" y2="${MARGIN.top + plotHeight}" stroke="#57606a"/>`);
  parts.push(`<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 10}" text-anchor="middle" fill="#24292f">${escapeXml(chart.xLabel)}</text>`);
  parts.push(`<text transform="translate(16 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle" fill="#24292f">${escapeXml(chart.yLabel)}</text>`);
  chart.series.forEach((series, index) => {
    const colour = COLOURS[index % COLOURS.length]!;
    const points = [...series.points].sort((a, b) => a.x - b.x);
    parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.map((point) => `${scaleX(point.x).toFixed(1)},${scaleY(point.y).toFixed(1)}`).join(' ')}"/>`);
    for (const point of points) parts.push(`<circle cx="${scaleX(point.x).toFixed(1)}" cy="${scaleY(point.y).toFixed(1)}" r="3" fill="${colour}"><title>${escapeXml(`${series.name}: ${point.y} at ${label(point.x)}`)}</title></circle>`);
    const legendY = MARGIN.top + 8 + index * 18;
    parts.push(`<rect x="${WIDTH - MARGIN.right + 14}" y="${legendY - 6}" width="12" height="3" fill="${colour}"/>`);
    parts.push(`<text x="${WIDTH - MARGIN.right + 32}" y="${legendY}" dominant-baseline="middle" fill="#24292f">${escapeXml(series.name)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
