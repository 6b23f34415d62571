/**
 * @jest-environment jsdom
 */
import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { Provider } from 'react-redux';
import { homeTracksLoaded } from '../../../shared/features/catalogue/catalogueSlice';
import { timeUpdated } from '../../../shared/features/player/playerSlice';
import { rootReducer } from '../../../shared/store/rootReducer';
import { aTrack } from '../../../test/helpers/fixtures';
import { HomePage } from './HomePage';

test('the home page does not render again on player ticks while some sections have not loaded', () => {
  const store = configureStore({ reducer: rootReducer });
  store.dispatch(homeTracksLoaded({ category: 'new', tracks: [aTrack({ name: 'Night Drive' })] }));
  let commits = 0;
  render(
    <Provider store={store}>
      <Profiler id="home" onRender={() => commits++}>
        <HomePage />
      </Profiler>
    </Provider>,
  );
  expect(screen.getByRole('heading', { name: 'New beats' })).toBeTruthy();
  const afterFirstRender = commits;
  act(() => {
    for (let second = 1; second <= 5; second++) store.dispatch(timeUpdated(second));
  });
  expect(commits).toBe(afterFirstRender);
});
