import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { FigureCards } from '../../client/features/sites/FigureCards';
import { genresLoaded } from '../../shared/features/catalogue/catalogueSlice';
import { navigationArrived } from '../../shared/features/navigation/navigationSlice';
import { seekRequested, toPlayerTrack, trackLoaded, trackPeaksLoaded, trackPlayRequested } from '../../shared/features/player/playerSlice';
import { rootReducer } from '../../shared/store/rootReducer';
import { aTrack } from '../../test/helpers/fixtures';
import { renderReplayFrame, replayFramePolicy } from './replayFrame';

const ASSETS = { scripts: ['/assets/main.js'], styles: ['/assets/main.css'] };

describe('the replayed page’s policy', () => {
  test('images come from this site, its file host when it has one, and data: only', () => {
    expect(replayFramePolicy('')).toContain("img-src 'self' data:;");
    expect(replayFramePolicy('https://files.beatcrate.example')).toContain("img-src 'self' data: https://files.beatcrate.example;");
    expect(replayFramePolicy('')).not.toMatch(/https:(?!\/\/)/);
  });

  test('styles come from this site only: no inline style is allowed', () => {
    expect(replayFramePolicy('')).toContain("style-src 'self';");
  });
});

/** /beats with its genre filters, a beat from the list playing, its peaks had by call, a quarter in. */
function beatsPageWithPlayer() {
  const peaks = Array.from({ length: 800 }, (_, index) => Math.round(Math.abs(Math.sin(index / 25)) * 1000) / 1000);
  const track = toPlayerTrack(aTrack({ id: 5, name: 'Night Drive', previewTrackSrc: '/media/5.mp3', previewTrackDuration: 40 }));
  return [
    navigationArrived({ pathname: '/beats', search: '', routeName: 'beats', params: {}, error: null }),
    genresLoaded([
      { id: 1, name: 'Trap', color: '#ff0000', isActive: true },
      { id: 2, name: 'Drill', color: '#00ff00', isActive: true },
    ]),
    trackPlayRequested({ track, queue: [track] }),
    trackPeaksLoaded({ trackId: 5, peaks }),
    trackLoaded({ trackId: 5, duration: 40 }),
    seekRequested(0.25),
  ].reduce(rootReducer, rootReducer(undefined, { type: '@@test/init' }));
}

describe('the replayed page’s markup', () => {
  test('carries no style attribute, which its policy refuses: the genre dots, the player bar and its waveform are drawn by classes and SVG attributes', async () => {
    const html = await renderReplayFrame(beatsPageWithPlayer(), ASSETS);
    expect(html).toContain('aria-label="Player"');
    expect(html).toMatch(/<svg class="genre-dot"[^>]*><circle[^>]*fill="#ff0000"/);
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toContain('<style');
  });

  test('draws the playing track’s waveform from the peaks in the state, played to where the buyer was', async () => {
    const html = await renderReplayFrame(beatsPageWithPlayer(), ASSETS);
    const waveform = /<svg class="player__peaks" role="img" aria-label="Waveform"[^>]*>(.*?)<\/svg>/.exec(html);
    expect(waveform).not.toBeNull();
    const bars = waveform![1]!.match(/<rect /g) ?? [];
    const played = waveform![1]!.match(/player__peak--played/g) ?? [];
    expect(bars).toHaveLength(120);
    expect(played).toHaveLength(30);
  });

  test('figures take their size from a class, not a style attribute', () => {
    const html = renderToString(createElement(FigureCards, { figures: [{ label: 'Revenue', value: '$1,234.50' }, { label: 'Orders', value: '12' }] }));
    expect(html).toContain('class="stat-grid stat-grid--chars-9"');
    expect(html).not.toMatch(/\sstyle=/);
  });
});
