/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_FILTERS } from '../../../shared/domain/catalogue/beatsQuery';
import { MOODS } from '../../../shared/domain/catalogue/filterOptions';
import { moodsLoaded } from '../../../shared/features/catalogue/catalogueSlice';
import type { ApiRequest } from '../../../shared/api/apiClient';
import { renderStorefront } from '../../../test/helpers/storefrontHarness';
import { openStudio } from '../../../test/helpers/studioHarness';
import { FilterPanel } from '../catalogue/FilterPanel';

/** Any emoji or pictograph: what a system without a colour emoji font draws as an empty box. */
const EMOJI = /\p{Extended_Pictographic}/u;

/** Every mood of SPEC §3 is an SVG named by the mood, and no mood is drawn with an emoji character. */
function expectAnSvgPerMood(scope: HTMLElement) {
  for (const mood of MOODS) {
    const icon = within(scope).getByRole('img', { name: mood.name });
    expect(icon.tagName.toLowerCase()).toBe('svg');
  }
  expect(scope.textContent).not.toMatch(EMOJI);
}

describe('mood icons', () => {
  test('the catalogue filters draw each mood as an SVG named by the mood, and its link is named once', () => {
    const { store } = renderStorefront({ pathname: '/beats', routeName: 'beats', ui: <FilterPanel filters={DEFAULT_FILTERS} /> });
    act(() => {
      store.dispatch(moodsLoaded(MOODS.map((mood) => ({ ...mood, isActive: false }))));
    });
    const moods = screen.getByRole('region', { name: 'Mood' });
    expectAnSvgPerMood(moods);
    expect(within(moods).getByRole('link', { name: 'calm' }).getAttribute('href')).toBe('/beats?mood=2');
  });

  test('the upload form draws each mood as an SVG named by the mood, its checkbox named by it', async () => {
    const user = userEvent.setup();
    const answer = (request: ApiRequest) =>
      request.method === 'GET' && request.path === '/studio/beats' ? { verified: true, verification: 'verified', beats: [] } : undefined;
    await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer });
    await user.click(screen.getByRole('button', { name: 'Upload a beat' }));
    const moods = screen.getByRole('group', { name: 'Moods (up to 3)' });
    expectAnSvgPerMood(moods);
    expect(within(moods).getByRole('checkbox', { name: 'soulful' })).toBeTruthy();
  });
});
