import { describe, expect, it } from 'vitest';
import { answerFormatOf } from '../../../../../apps/api/src/http/answer-format/answer-format';
import { FailureException } from '../../../../../apps/api/src/platform/failures/failure.exception';

describe('answerFormatOf: ?format= first, then the Accept header', () => {
  it.each<[string, Record<string, unknown>, string | undefined, string]>([
    ['nothing asked', {}, undefined, 'json'],
    ['a browser or curl', {}, '*/*', 'json'],
    ['Markdown', {}, 'text/markdown', 'markdown'],
    ['plain text', {}, 'text/plain', 'text'],
    ['the first of equal weight', {}, 'text/plain, text/markdown', 'text'],
    ['the heavier', {}, 'application/json;q=0.5, text/markdown', 'markdown'],
    ['JSON preferred', {}, 'application/json, text/markdown;q=0.9', 'json'],
    ['a weight of 0 is a refusal', {}, 'text/markdown;q=0, */*;q=0.1', 'json'],
    ['types written nowhere here', {}, 'image/png, text/html', 'json'],
    ['case and spaces', {}, ' Text/Markdown ; charset=utf-8 ', 'markdown'],
    ['?format wins over Accept', { format: 'json' }, 'text/markdown', 'json'],
    ['?format=markdown', { format: 'markdown' }, undefined, 'markdown'],
    ['?format=text', { format: 'text' }, 'application/json', 'text'],
  ])('%s', (_name, query, accept, format) => {
    expect(answerFormatOf(query, accept)).toBe(format);
  });

  it.each([['html'], [''], [['markdown', 'json']]])('?format=%j is refused naming the field', (format) => {
    let thrown: unknown;
    try {
      answerFormatOf({ format }, undefined);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FailureException);
    expect((thrown as FailureException).failure.message).toMatch(/^format: Unsupported value: /);
  });
});
