import { navigationArrived } from '../navigation/navigationSlice';
import shellSlice, { panelClosed, panelToggled, progressFinished, progressHidden, progressStarted } from './shellSlice';

const reduce = shellSlice.reducer;
const arrived = (pathname: string, search = '') => navigationArrived({ pathname, search, routeName: null, params: {}, error: null });

describe('shell slice', () => {
  test('one panel at a time; toggling the open one closes it', () => {
    let state = reduce(undefined, panelToggled('navigation'));
    expect(state.panel).toBe('navigation');
    state = reduce(state, panelToggled('filter'));
    expect(state.panel).toBe('filter');
    state = reduce(state, panelToggled('filter'));
    expect(state.panel).toBeNull();
    expect(reduce(reduce(state, panelToggled('footer')), panelClosed()).panel).toBeNull();
  });

  test('a new page closes the panel; a query change on the same page keeps it', () => {
    let state = reduce(reduce(undefined, arrived('/beats')), panelToggled('filter'));
    state = reduce(state, arrived('/beats', '?genre=2'));
    expect(state.panel).toBe('filter');
    state = reduce(state, arrived('/cart'));
    expect(state.panel).toBeNull();
  });

  test('the progress bar finishes only a running load, in the colour of its outcome', () => {
    expect(reduce(undefined, progressFinished({ failed: false })).progress.phase).toBe('idle');
    let state = reduce(undefined, progressStarted());
    expect(state.progress).toEqual({ phase: 'running', run: 1 });
    state = reduce(state, progressFinished({ failed: true }));
    expect(state.progress.phase).toBe('failed');
    expect(reduce(state, progressHidden()).progress).toEqual({ phase: 'idle', run: 1 });
  });
});
