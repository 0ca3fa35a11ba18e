import { describe, expect, it } from 'vitest';
import { tooDeepAt } from '../../../../../apps/api/src/http/edge/json-depth';

describe('tooDeepAt (edge/json-depth.ts)', () => {
  it.each([
    ['{"a":[1,{"b":2}]}', 3, -1],
    ['{"a":[1,{"b":2}]}', 2, 8],
    ['[[]]', 1, 1],
    // Brackets in strings, escaped quotes and backslashes among them, do not count.
    ['{"a":"[[[{{{\\"[[[\\\\"}', 1, -1],
    ['{"a":"\\\\", "b":[[1]]}', 2, 16],
    ['"[[["', 0, -1],
  ])('%s with at most %i levels: %i', (text, max, at) => {
    expect(tooDeepAt(text, max)).toBe(at);
  });
});
