import { describe, expect, it } from 'vitest';

import { dotnetList, normaliseList, UnexpectedListFormatError } from '#domain/list';

describe('normaliseList', () => {
  it('accepts a plain array, $values and values', () => {
    expect(normaliseList([1, 2])).toEqual([1, 2]);
    expect(normaliseList({ $id: '1', $values: [3] })).toEqual([3]);
    expect(normaliseList({ values: [4, 5] })).toEqual([4, 5]);
  });
  it('prefers $values over values when both are there', () => {
    expect(normaliseList({ $values: [1], values: [2] })).toEqual([1]);
  });
  it.each([null, undefined, 'x', 3, {}, { $values: 'no' }, { values: {} }])(
    'rejects %j with the catalogue message',
    (data) => {
      expect(() => normaliseList(data, 'customers')).toThrow(UnexpectedListFormatError);
      expect(() => normaliseList(data, 'customers')).toThrow('Unexpected response format for customers');
      expect(() => normaliseList(data)).toThrow(/^Unexpected response format$/);
    },
  );
  it('builds the server shape', () => {
    expect(dotnetList([1])).toEqual({ $id: '1', $values: [1] });
  });
});
