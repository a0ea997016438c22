import { pageBounds, pageItems } from './pagination';

describe('pageItems', () => {
  it('shows every page up to five', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('pages 1–3 of many: 1 2 3 4 … last', () => {
    for (const p of [1, 2, 3]) expect(pageItems(p, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
  });

  it('the last three pages: 1 … last-3..last', () => {
    for (const p of [8, 9, 10]) expect(pageItems(p, 10)).toEqual([1, 'ellipsis', 7, 8, 9, 10]);
  });

  it('in the middle: 1 … p-1 p p+1 … last', () => {
    expect(pageItems(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageItems(4, 6)).toEqual([1, 'ellipsis', 3, 4, 5, 6]);
    expect(pageItems(4, 7)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 7]);
  });

  it('clamps a page outside the range', () => {
    expect(pageItems(99, 10)).toEqual([1, 'ellipsis', 7, 8, 9, 10]);
    expect(pageItems(0, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
  });
});

describe('pageBounds', () => {
  it('gives the 1-based rows shown', () => {
    expect(pageBounds(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(pageBounds(1, 10, 7)).toEqual({ from: 1, to: 7 });
    expect(pageBounds(2, 10, 25)).toEqual({ from: 11, to: 20 });
    expect(pageBounds(3, 10, 25)).toEqual({ from: 21, to: 25 });
  });
});
