import { memo } from 'react';

/** Bars drawn across the waveform's width; each is the loudest of its share of the peaks. */
export const WAVEFORM_BARS = 120;
/** wavesurfer's look (toneWaveEngine.ts): bars 2 wide with a gap of 1, 40 high, centred. */
const BAR_STEP = 3;
const BAR_WIDTH = 2;
const HEIGHT = 40;

function barHeights(peaks: readonly number[]): number[] {
  const bars = Math.min(WAVEFORM_BARS, peaks.length);
  const loudest = peaks.reduce((most, peak) => Math.max(most, Math.abs(peak)), 0);
  const heights: number[] = [];
  for (let bar = 0; bar < bars; bar++) {
    let peak = 0;
    for (let at = Math.floor((bar * peaks.length) / bars); at < Math.floor(((bar + 1) * peaks.length) / bars); at++) peak = Math.max(peak, Math.abs(peaks[at]!));
    // Normalised as wavesurfer draws it (`normalize: true`); silence still shows as a line.
    heights.push(Math.max(1, loudest > 0 ? (peak / loudest) * HEIGHT : 0));
  }
  return heights;
}

/**
 * The track's waveform drawn from its peaks as markup: SVG geometry in attributes and colours from
 * the stylesheet, so it needs no script and no inline style. It is what a page shows where no
 * script runs (the support console's replayed frame); in the shop wavesurfer's drawing, which
 * follows the audio, takes its place (`.player__waveform:has(...)` in main.css).
 */
export const PeaksWaveform = memo(function PeaksWaveform({ peaks, played }: { peaks: readonly number[]; /** 0..1, in steps of a bar. */ played: number }) {
  const heights = barHeights(peaks);
  const playedBars = Math.round(played * heights.length);
  return (
    <svg className="player__peaks" role="img" aria-label="Waveform" viewBox={`0 0 ${heights.length * BAR_STEP} ${HEIGHT}`} preserveAspectRatio="none">
      {heights.map((height, bar) => (
        <rect
          key={bar}
          className={bar < playedBars ? 'player__peak player__peak--played' : 'player__peak'}
          x={bar * BAR_STEP}
          y={(HEIGHT - height) / 2}
          width={BAR_WIDTH}
          height={height}
          rx={1}
        />
      ))}
    </svg>
  );
});
