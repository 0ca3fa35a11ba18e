import { describe, expect, it } from 'vitest';
import { MAX_CHAT_LINES, chatLines, clockTime, code, namesList, seconds } from '../../../../../apps/api/src/http/answer-format/markdown';

describe('chat Markdown pieces', () => {
  it.each([
    [[], 0, ''],
    [['n1'], 1, '`n1`'],
    [['n1', 'n2'], 2, '`n1` and `n2`'],
    [['n1', 'n2', 'n3'], 3, '`n1`, `n2` and `n3`'],
    [['n1', 'n2'], 40, '`n1`, `n2` and 38 more'],
    [['a', 'b', 'c', 'd', 'e', 'f', 'g'], 7, '`a`, `b`, `c`, `d`, `e` and 2 more'],
  ])('namesList(%j, %i)', (names, total, text) => {
    expect(namesList(names, total)).toBe(text);
  });

  it('code keeps a name as it is, a backtick turned into a quote', () => {
    expect(code('my_pod*1')).toBe('`my_pod*1`');
    expect(code('a`b')).toBe("`a'b`");
  });

  const now = Date.UTC(2026, 10, 24, 9, 0, 0);
  it.each([
    [Date.UTC(2026, 10, 24, 14, 2, 30), '14:02 UTC'],
    [Date.UTC(2026, 10, 25, 0, 5), 'Nov 25 00:05 UTC'],
    [Date.UTC(2027, 0, 2, 8, 0), 'Jan 2, 2027 08:00 UTC'],
  ])('clockTime(%i)', (at, text) => {
    expect(clockTime(at, now)).toBe(text);
    expect(clockTime(new Date(at).toISOString(), now)).toBe(text);
  });

  it.each([
    [0, '0 s'],
    [120, '120 s'],
    [299, '299 s'],
    [300, '5 min'],
    [330, '330 s'],
    [3600, '60 min'],
    [7200, '2 h'],
    // int64 seconds keep their digits.
    [9_223_372_036_854_775_807n, '9223372036854775807 s'],
    [86_400n, '24 h'],
  ])('seconds(%s)', (value, text) => {
    expect(seconds(value)).toBe(text);
  });

  it(`an answer is at most ${MAX_CHAT_LINES} lines, the last saying how many more and where`, () => {
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
    const text = chatLines(lines, 'ask with ?view=pods');
    const written = text.trimEnd().split('\n');
    expect(written).toHaveLength(MAX_CHAT_LINES);
    expect(written[MAX_CHAT_LINES - 1]).toBe('_…and 11 more lines: ask with ?view=pods_');
    expect(chatLines(lines.slice(0, 20), 'x').trimEnd().split('\n')).toHaveLength(20);
  });
});
