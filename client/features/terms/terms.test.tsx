/** @jest-environment jsdom */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { ApiClient } from '../../../shared/api/apiClient';
import {
  formatTermsDate,
  termsAndConditions,
  termsParagraphText,
} from '../../../shared/content/termsAndConditions';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import { makeStore } from '../../../shared/store/makeStore';
import { TermsPage } from './TermsPage';
import { TermsPopup } from './TermsPopup';

function renderWithStore(ui: ReactNode) {
  const actions: UnknownAction[] = [];
  const record: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  const api: ApiClient = {
    request: async () => {
      throw new Error('the terms make no requests');
    },
  };
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
    middleware: [record],
  });
  render(<Provider store={store}>{ui}</Provider>);
  return { store, actions };
}

const fullText = termsAndConditions.sections
  .flatMap((section) => [section.heading, ...section.paragraphs.map(termsParagraphText)])
  .join('\n');

describe('terms content', () => {
  test('has 24 numbered sections, effective June 1, 2022, in plain prose of a sensible length', () => {
    expect(termsAndConditions.effectiveDate).toBe('2022-06-01');
    expect(formatTermsDate(termsAndConditions.effectiveDate)).toBe('June 1, 2022');
    expect(termsAndConditions.sections).toHaveLength(24);
    expect(termsAndConditions.sections.map((section) => section.number)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    for (const section of termsAndConditions.sections) {
      expect(section.heading.trim()).not.toBe('');
      expect(section.paragraphs.length).toBeGreaterThan(0);
    }
    const words = fullText.split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThan(300);
    expect(words).toBeLessThanOrEqual(2500);
  });

  test.each([
    'Beatcrate',
    'Visitor',
    'Member',
    'Buyer',
    'Seller',
    'at least 13 years old',
    'between 13 and 17',
    'parent or legal guardian',
    'accurate and complete',
    'one person only',
    'sell, transfer',
    'samples, loops, templates, construction kits or MIDI files',
    'worldwide',
    'moral rights',
    'publishing rights and neighbouring rights',
    'within 7 days of our notice',
    'full copyright',
    'taxes and fees immediately',
    'must not resell',
    '180 days',
    'expire on day 181',
    'no refunds are given and we will not re-upload',
    'sole discretion',
    'refuse to post Content, or delay posting it',
    "'Report a violation' button",
    'consumer arbitration body',
    'resolution period of 30 days',
    'video conference',
    'within 30 days after you first accept',
    'the lesser of $100 USD or the fees you paid',
    'State of California',
    'Los Angeles, California',
    // Every beat sells once, with its full copyright: a Seller may not lease it elsewhere either.
    'must not offer, lease or sell the same beat anywhere else',
  ])('carries the substance: %s', (phrase) => {
    expect(fullText).toContain(phrase);
  });
});

describe('terms page', () => {
  test('shows the title, the effective date and 24 section headings', () => {
    renderWithStore(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeTruthy();
    expect(screen.getByText('Effective June 1, 2022')).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(24);
    expect(headings[0]?.textContent).toBe('1. Acceptance of these Terms');
    expect(headings[23]?.textContent).toBe('24. Governing Law and General Provisions');
    expect(screen.getAllByText(/180 days/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/California/).length).toBeGreaterThan(0);
  });

  test('links to the Submission Rules at /for-sellers and follows the link in-app', async () => {
    const user = userEvent.setup();
    const { actions } = renderWithStore(<TermsPage />);
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href') === '/for-sellers');
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.closest('section')?.querySelector('h2')?.textContent).toBe('8. Submission Rules');
    await user.click(link);
    expect(actions.filter(navigationRequested.match).map((action) => action.payload)).toEqual([
      { pathname: '/for-sellers', search: '', mode: 'push' },
    ]);
  });
});

describe('terms popup', () => {
  test('shows the title, the sentence, the terms in a scrollable area and a Back button that calls onBack', async () => {
    const user = userEvent.setup();
    const onBack = jest.fn();
    renderWithStore(<TermsPopup onBack={onBack} />);
    const dialog = screen.getByRole('dialog', { name: 'Terms & Conditions' });
    expect(within(dialog).getByText('You must read and agree to the Terms & Conditions in order to proceed')).toBeTruthy();
    const body = within(dialog).getByRole('region', { name: 'Terms & Conditions text' });
    expect(within(body).getAllByRole('heading', { level: 3 })).toHaveLength(24);
    expect(within(body).getByRole('link', { name: 'For sellers page' }).getAttribute('href')).toBe('/for-sellers');
    expect(onBack).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  test('Escape and the close icon call onBack', async () => {
    const user = userEvent.setup();
    const onBack = jest.fn();
    renderWithStore(<TermsPopup onBack={onBack} />);
    await user.keyboard('{Escape}');
    expect(onBack).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onBack).toHaveBeenCalledTimes(2);
  });

  test('keeps focus inside: Tab from Back wraps to the close icon', async () => {
    const user = userEvent.setup();
    renderWithStore(<TermsPopup onBack={() => undefined} />);
    const back = screen.getByRole('button', { name: 'Back' });
    back.focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});
