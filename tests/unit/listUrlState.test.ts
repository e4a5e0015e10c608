// The list state in the URL: defaults left out, bad values ignored, other parameters kept.
import { describe, expect, it } from 'vitest';

import { type ListDefaults, type ListState, listStateParams, parseListState } from '../../src/ui/listUrlState';

const LIST: ListDefaults = {
  sortFields: ['nom', 'mail', 'createdAt'],
  sort: { field: 'createdAt', order: 'desc' },
  rowsOptions: [10, 25, 50],
};
const UNSORTED: ListDefaults = { ...LIST, sort: null, rowsOptions: [20] };
const parse = (query: string, defaults = LIST) => parseListState(new URLSearchParams(query), defaults);
const DEFAULT: ListState = { q: '', sort: { field: 'createdAt', order: 'desc' }, page: 1, rows: 10 };

describe('parseListState', () => {
  it('an empty query is the defaults', () => {
    expect(parse('')).toEqual(DEFAULT);
    expect(parse('', UNSORTED)).toEqual({ q: '', sort: null, page: 1, rows: 20 });
  });

  it('reads search, sort, order, page and page size', () => {
    expect(parse('q=%C3%A9lodie+f&tri=mail&ordre=desc&page=3&lignes=25')).toEqual({
      q: 'élodie f',
      sort: { field: 'mail', order: 'desc' },
      page: 3,
      rows: 25,
    });
    expect(parse('tri=nom').sort).toEqual({ field: 'nom', order: 'asc' });
  });

  it.each([
    ['an unknown sort field', 'tri=motdepasse&ordre=asc'],
    ['a sort field of the prototype', 'tri=constructor'],
    ['a page of zero', 'page=0'],
    ['a negative page', 'page=-2'],
    ['a page that is not a whole number', 'page=2.5'],
    ['a page that is not a number', 'page=deux'],
    ['an absurd page', 'page=99999999999'],
    ['a page size not offered', 'lignes=1000'],
    ['a page size that is not a number', 'lignes=dix'],
  ])('ignores %s', (_, query) => {
    expect(parse(query)).toEqual(DEFAULT);
  });

  it('an unknown order is ascending', () => {
    expect(parse('tri=nom&ordre=n%27importe').sort).toEqual({ field: 'nom', order: 'asc' });
  });
});

describe('listStateParams', () => {
  it('leaves the defaults out of the URL', () => {
    expect(listStateParams(DEFAULT, LIST).toString()).toBe('');
    expect(listStateParams({ q: '', sort: null, page: 1, rows: 20 }, UNSORTED).toString()).toBe('');
  });

  it('writes what differs from the defaults', () => {
    const state = { q: 'élodie', sort: { field: 'nom', order: 'asc' as const }, page: 2, rows: 25 };
    const params = listStateParams(state, LIST);
    expect(params.toString()).toBe('q=%C3%A9lodie&tri=nom&ordre=asc&page=2&lignes=25');
    expect(parseListState(params, LIST)).toEqual(state);
  });

  it('no sort on a list with a default order says nothing: the default comes back', () => {
    expect(listStateParams({ ...DEFAULT, sort: null }, LIST).toString()).toBe('');
  });

  it('keeps the other parameters and replaces its own', () => {
    const base = new URLSearchParams('groupId=4&page=7&q=ancien');
    expect(listStateParams({ ...DEFAULT, q: 'neuf' }, LIST, base).toString()).toBe('groupId=4&q=neuf');
  });
});
