/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ApiClient } from '../../../shared/api/apiClient';
import { navigationArrived } from '../../../shared/features/navigation/navigationSlice';
import { productPageLoaded } from '../../../shared/features/product/productSlice';
import { makeStore } from '../../../shared/store/makeStore';
import { App } from '../../App';
import { aProduct } from '../../../test/helpers/fixtures';
import type { Product } from '../../../shared/schemas/track';


function renderProduct(product: Product) {
  const api: ApiClient = { request: async () => Promise.reject(new Error('no calls expected')) };
  const store = makeStore(undefined, {
    sagaContext: { api, history: { push: () => undefined, replace: () => undefined }, now: () => new Date(0) },
  });
  store.dispatch(productPageLoaded(product));
  store.dispatch(navigationArrived({ pathname: `/product/${product.id}`, search: '', routeName: 'product-id', params: { id: String(product.id) }, error: null }));
  render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
}

const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('product page', () => {
  test('shows name, producer link, genres, BPM, key with m for minor, duration, price, tags and moods', () => {
    renderProduct(aProduct());
    expect(screen.getByRole('heading', { level: 1, name: 'Night Drive' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nova Kade' }).getAttribute('href')).toBe('/nova-kade');
    expect(detail('Genre')).toBe('Trap / Drill');
    expect(detail('BPM')).toBe('140');
    expect(detail('Key')).toBe('F#m');
    expect(detail('Duration')).toBe('1:35');
    expect(detail('Price')).toBe('$249.00');
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['#dark', '#night']);
    const moods = within(screen.getByRole('list', { name: 'Moods' })).getAllByRole('listitem');
    expect(moods.map((item) => within(item).getByRole('img').getAttribute('aria-label'))).toEqual(['calm', 'happy']);
    expect(moods.map((item) => item.textContent)).toEqual(['calm', 'happy']);
  });

  test("a sold sample pack shows 'Sample Pack' and 'Sold'; a major key has no m", () => {
    renderProduct(aProduct({ productType: 'samplepack', samplePack: true, genre: 'Sample Pack', genres: [], isSold: true, scale: 'major', key: 'C', tags: [], moods: [] }));
    expect(detail('Genre')).toBe('Sample Pack');
    expect(detail('Price')).toBe('Sold');
    expect(detail('Key')).toBe('C');
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
  });
});
