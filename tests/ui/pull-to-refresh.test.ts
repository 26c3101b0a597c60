import { describe, expect, it } from 'vitest';
import { pullState, pullThreshold } from '#ui/pull-to-refresh';

describe('pullState (the indicator follows at half the finger’s speed; letting go past the threshold refreshes)', () => {
  it.each([
    ['a push up', -40, { offset: 0, armed: false }],
    ['no travel', 0, { offset: 0, armed: false }],
    ['a short pull', 30, { offset: 15, armed: false }],
    ['just short of the threshold', pullThreshold - 1, { offset: 36, armed: false }],
    ['at the threshold', pullThreshold, { offset: 36, armed: true }],
    ['far past it: the indicator stops at the threshold', 400, { offset: pullThreshold, armed: true }],
  ] as const)('%s (%i px)', (_name, distance, expected) => {
    expect(pullState(distance)).toEqual(expected);
  });
});
