// How scripts/e2e.mjs splits the end-to-end files into shards (scripts/e2e-shards.mjs).
import { describe, expect, it } from 'vitest';
import { splitByDuration } from '../../scripts/e2e-shards.mjs';

const TABLE = { 'a.test.mjs': 70, 'b.test.mjs': 50, 'c.test.mjs': 45, 'd.test.mjs': 40, 'e.test.mjs': 5, 'f.test.mjs': 2 };

describe('splitByDuration', () => {
  it('gives each file to the group with the least so far, longest first', () => {
    expect(splitByDuration(Object.keys(TABLE), TABLE, 2)).toEqual([
      { files: ['a.test.mjs', 'd.test.mjs'], total: 110 },
      { files: ['b.test.mjs', 'c.test.mjs', 'e.test.mjs', 'f.test.mjs'], total: 102 },
    ]);
  });

  it('makes the same groups whatever order the files come in', () => {
    const names = Object.keys(TABLE);
    expect(splitByDuration([...names].reverse(), TABLE, 2)).toEqual(splitByDuration(names, TABLE, 2));
  });

  it('counts a file not measured yet as the median one, and breaks ties by name', () => {
    const [first, second] = splitByDuration(['new.test.mjs', 'a.test.mjs', 'e.test.mjs', 'f.test.mjs'], { 'a.test.mjs': 70, 'e.test.mjs': 5, 'f.test.mjs': 2, 'g.test.mjs': 40 }, 2);
    expect(first).toEqual({ files: ['a.test.mjs'], total: 70 });
    expect(second).toEqual({ files: ['new.test.mjs', 'e.test.mjs', 'f.test.mjs'], total: 47 });
    expect(splitByDuration(['y.test.mjs', 'x.test.mjs'], { 'x.test.mjs': 5, 'y.test.mjs': 5 }, 2).map(({ files }) => files)).toEqual([['x.test.mjs'], ['y.test.mjs']]);
  });

  it('makes no more groups than there are files, and one when there are none', () => {
    expect(splitByDuration(['a.test.mjs'], TABLE, 2)).toEqual([{ files: ['a.test.mjs'], total: 70 }]);
    expect(splitByDuration([], TABLE, 2)).toEqual([{ files: [], total: 0 }]);
  });
});
