import { describe, expect, it } from 'vitest';
import { extractVimeoId } from '../src/vimeo.ts';

describe('extractVimeoId', () => {
  it.each([
    ['https://vimeo.com/76979871', 76979871],
    ['https://player.vimeo.com/video/123', 123],
    ['https://player.vimeo.com/video/123?h=abc&badge=0', 123],
    ['https://vimeo.com/123/abcdef', 123],
    ['https://www.vimeo.com/456', 456],
    ['http://vimeo.com/789#t=30s', 789],
    ['vimeo.com/321', 321],
    ['https://vimeo.com/channels/staffpicks/555', 555],
    ['  https://vimeo.com/42  ', 42],
    ['987654', 987654],
  ])('takes the numeric id after the host path of %s', (url, id) => {
    expect(extractVimeoId(url)).toBe(id);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['https://vimeo.com/'],
    ['https://vimeo.com/channels/staffpicks'],
    ['https://youtube.com/watch?v=123'],
    ['https://evil.example/vimeo.com/123'],
    ['javascript:alert(1)'],
    ['not a url at all'],
    ['0'],
    ['https://vimeo.com/99999999999999999999'],
  ])('gives no id (so no player shows) for %s', (url) => {
    expect(extractVimeoId(url)).toBeNull();
  });
});
