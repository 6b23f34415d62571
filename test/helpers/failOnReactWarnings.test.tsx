/**
 * @jest-environment jsdom
 */
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider, useSelector } from 'react-redux';
import { takeCaughtWarnings } from './failOnReactWarnings';

const counter = createSlice({ name: 'counter', initialState: { values: [1, 2] }, reducers: {} });

describe('React and Redux warnings are caught to fail the test', () => {
  test("React's warning about a list without keys", () => {
    render(
      <ul>
        {['a', 'b'].map((item) => (
          <li>{item}</li>
        ))}
      </ul>,
    );
    expect(takeCaughtWarnings()).toEqual([expect.stringContaining('Each child in a list should have a unique "key" prop')]);
  });

  test("react-redux's warning about a selector that answers a new list each time", () => {
    const Doubled = () => <p>{useSelector((state: { counter: { values: number[] } }) => state.counter.values.map((value) => value * 2)).join()}</p>;
    render(
      <Provider store={configureStore({ reducer: { counter: counter.reducer } })}>
        <Doubled />
      </Provider>,
    );
    expect(takeCaughtWarnings()).toEqual([expect.stringContaining('returned a different result when called with the same parameters')]);
  });

  test("Redux Toolkit's warning about a value that cannot be serialized", () => {
    const store = configureStore({ reducer: { counter: counter.reducer } });
    store.dispatch({ type: 'counter/noted', payload: new Map() });
    expect(takeCaughtWarnings()).toEqual([expect.stringContaining('non-serializable value was detected in an action')]);
  });
});
