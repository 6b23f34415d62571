import { stateDiff } from './stateDiff';

describe('stateDiff', () => {
  it('lists the changed leaves with their paths, and skips branches an immutable update left alone', () => {
    const untouched = { items: [{ id: 1 }] };
    const before = { cart: { couponInput: '', items: [{ id: 7, price: 20 }] }, catalogue: untouched };
    const after = { cart: { couponInput: 'summer', items: [{ id: 7, price: 25 }] }, catalogue: untouched };
    expect(stateDiff(before, after).changes).toEqual([
      { path: 'cart.couponInput', before: '""', after: '"summer"' },
      { path: 'cart.items[0].price', before: '20', after: '25' },
    ]);
  });

  it('shows an array whose length changed whole, and an added key against nothing', () => {
    const { changes } = stateDiff({ list: [1], flags: {} }, { list: [1, 2], flags: { open: true } });
    expect(changes).toEqual([
      { path: 'list', before: '[1]', after: '[1,2]' },
      { path: 'flags.open', before: '—', after: 'true' },
    ]);
  });

  it('caps the list and counts what it left out; equal copies are no change', () => {
    const before = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, i]));
    const after = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, i + 1]));
    expect(stateDiff(before, after, 3)).toMatchObject({ more: 2 });
    expect(stateDiff({ a: [1, 2] }, { a: [1, 2] }).changes).toEqual([]);
  });
});
