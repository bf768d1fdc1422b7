import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_PAGES, pageIndexes, pagesShown, withPages } from './paging.ts';

describe('load more in the URL', () => {
  it('reads how many pages are shown', () => {
    expect(pagesShown('')).toBe(1);
    expect(pagesShown('?page=3')).toBe(3);
    expect(pagesShown('?page=0')).toBe(1);
    expect(pagesShown('?page=abc')).toBe(1);
    expect(pagesShown('?page=999')).toBe(MAX_SHOWN_PAGES);
  });
  it('writes the next page, keeping other parameters', () => {
    expect(withPages('?category=2', 2)).toBe('?category=2&page=2');
    expect(withPages('?category=2&page=2', 1)).toBe('?category=2');
    expect(withPages('', 1)).toBe('');
  });
  it('lists page indexes', () => {
    expect(pageIndexes(3)).toEqual([1, 2, 3]);
  });
});
