import { describe, expect, it } from 'vitest';
import { laneOrderAfterDrop } from './board.ts';

describe('lane drop order (issue 35 point 11: the admin drags the columns)', () => {
  const lanes = [1, 2, 3, 4];

  it('a lane dropped on another takes its place, to the right or to the left', () => {
    expect(laneOrderAfterDrop(lanes, 1, 3)).toEqual([2, 3, 1, 4]);
    expect(laneOrderAfterDrop(lanes, 4, 2)).toEqual([1, 4, 2, 3]);
    expect(laneOrderAfterDrop(lanes, 1, 4)).toEqual([2, 3, 4, 1]);
  });

  it('dropped on the untagged lane it becomes the first tagged lane; on itself or on a lane gone, nothing moves', () => {
    expect(laneOrderAfterDrop(lanes, 3, null)).toEqual([3, 1, 2, 4]);
    expect(laneOrderAfterDrop(lanes, 2, 2)).toEqual(lanes);
    expect(laneOrderAfterDrop(lanes, 2, 9)).toEqual(lanes);
  });
});
