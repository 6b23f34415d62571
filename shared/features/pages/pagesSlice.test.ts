import { configureStore } from '@reduxjs/toolkit';
import { createActionLogRecorder } from '../../actionLog/recorder';
import { replay } from '../../actionLog/replay';
import { rootReducer } from '../../store/rootReducer';
import {
  contactFormSubmitted,
  pageFormFailed,
  pageFormReset,
  pageFormSent,
  reportFormSubmitted,
  selectPageForm,
  soundServicesLoaded,
} from './pagesSlice';

const message = { name: 'Mara Quinn', email: 'mara@example.com', subject: 'My order 1234', message: 'I live at 5 Elm Street, call me on 555-0101.' };

describe('pages slice', () => {
  test('a form goes sending, then sent or failed, and back to idle on reset', () => {
    let state = rootReducer(undefined, contactFormSubmitted(message));
    expect(selectPageForm(state, 'contact')).toEqual({ status: 'sending', error: null });
    state = rootReducer(state, pageFormFailed({ form: 'contact', message: 'Too many messages' }));
    expect(selectPageForm(state, 'contact')).toEqual({ status: 'failed', error: 'Too many messages' });
    state = rootReducer(state, pageFormSent('contact'));
    expect(selectPageForm(state, 'contact').status).toBe('sent');
    state = rootReducer(state, pageFormReset('contact'));
    expect(selectPageForm(state, 'contact')).toEqual({ status: 'idle', error: null });
    expect(selectPageForm(state, 'subscribe').status).toBe('idle');
  });

  test('what a visitor types never reaches the action log, and replay still gives the same state', () => {
    const recorder = createActionLogRecorder({ sessionId: 'tab-1', token: 'proof', now: () => new Date(0), lastSeq: 0 });
    const store = configureStore({ reducer: rootReducer, middleware: (defaults) => defaults().concat(recorder.middleware) });
    recorder.start(store.getState());
    store.dispatch(soundServicesLoaded([{ id: 1, slug: 'mixing', name: 'Mixing', description: 'Balanced.', priceUsd: 149, deliveryDays: 5 }]));
    store.dispatch(contactFormSubmitted(message));
    store.dispatch(reportFormSubmitted({ productId: 7, reason: 'copyright', details: 'Copied from my song Elm Street', email: 'owner@example.com' }));
    store.dispatch(pageFormSent('contact'));
    const entries = recorder.takeBatch(100);
    const logged = JSON.stringify(entries);
    for (const secret of ['Mara', 'mara@example.com', 'Elm Street', '555-0101', 'My order 1234', 'owner@example.com']) expect(logged).not.toContain(secret);
    expect(entries.map((entry) => entry.type)).toEqual([
      'actionLog/sessionStarted',
      'pages/soundServicesLoaded',
      'pages/contactFormSubmitted',
      'pages/reportFormSubmitted',
      'pages/pageFormSent',
    ]);
    expect(replay(entries)).toEqual(store.getState());
  });
});
