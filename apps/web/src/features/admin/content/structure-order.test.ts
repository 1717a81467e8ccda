import { describe, expect, it } from 'vitest';
import { moved } from './structure-order';

describe('moved (the editor’s reorder, by keyboard or drag and drop)', () => {
  it('moves up, down and onto another row, and ignores moves out of range', () => {
    expect(moved(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 'c', 3)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b'], 'x', 0)).toEqual(['a', 'b']);
  });
});
