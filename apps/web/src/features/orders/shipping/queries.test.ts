import { describe, expect, it } from 'vitest';
import { progressPercent } from './queries';

describe('the feedback progress bar', () => {
  it('shows at least 5 % while the feedback runs', () => {
    expect(progressPercent({ totalCount: 100, successfulCount: 0, failureCount: 1, feedbackComplete: false })).toBe(5);
    expect(progressPercent({ totalCount: 0, successfulCount: 0, failureCount: 0, feedbackComplete: false })).toBe(5);
  });
  it('counts successes and failures as done, and shows 100 % only when complete', () => {
    expect(progressPercent({ totalCount: 10, successfulCount: 3, failureCount: 2, feedbackComplete: false })).toBe(50);
    expect(progressPercent({ totalCount: 10, successfulCount: 8, failureCount: 2, feedbackComplete: false })).toBe(99);
    expect(progressPercent({ totalCount: 10, successfulCount: 8, failureCount: 2, feedbackComplete: true })).toBe(100);
  });
});
