import { describe, expect, it } from 'vitest';
import { extractVimeoId, parseVimeoLink } from '../src/vimeo.ts';

describe('parseVimeoLink', () => {
  it.each([
    ['https://vimeo.com/76979871', 76979871, null, null],
    ['https://www.vimeo.com/76979871', 76979871, null, null],
    ['vimeo.com/321', 321, null, null],
    ['http://vimeo.com/789', 789, null, null],
    ['  https://vimeo.com/42  ', 42, null, null],
    ['https://vimeo.com/76979871?share=copy', 76979871, null, null],
    ['https://vimeo.com/123456789/abcdef1234', 123456789, 'abcdef1234', null],
    ['https://vimeo.com/123456789/abcdef1234?share=copy#t=45', 123456789, 'abcdef1234', 45],
    ['https://player.vimeo.com/video/123', 123, null, null],
    ['https://player.vimeo.com/video/123?h=abcdef1234&badge=0', 123, 'abcdef1234', null],
    ['https://player.vimeo.com/video/123?h=abcdef1234#t=1m30s', 123, 'abcdef1234', 90],
    ['https://vimeo.com/channels/staffpicks/555', 555, null, null],
    ['https://www.vimeo.com/channels/staffpicks/555#t=2m', 555, null, 120],
    ['https://vimeo.com/groups/meditation/videos/777', 777, null, null],
    ['https://vimeo.com/showcase/11223344/video/987654321', 987654321, null, null],
    ['https://vimeo.com/showcase/11223344/video/987654321?share=copy', 987654321, null, null],
    ['https://vimeo.com/album/5566/video/246810', 246810, null, null],
    ['https://vimeo.com/manage/videos/135791113', 135791113, null, null],
    ['https://vimeo.com/manage/videos/135791113/f00dfeed42', 135791113, 'f00dfeed42', null],
    ['https://vimeo.com/789#t=30s', 789, null, 30],
    ['https://vimeo.com/789#t=1h2m3s', 789, null, 3723],
    ['987654', 987654, null, null],
  ])('%s plays video %i (hash %s, starting at %s s)', (link, id, hash, startSeconds) => {
    expect(parseVimeoLink(link)).toEqual({ id, hash, startSeconds });
    expect(extractVimeoId(link)).toBe(id);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['https://vimeo.com/'],
    ['https://vimeo.com/showcase/11223344'],
    ['https://vimeo.com/album/5566'],
    ['https://vimeo.com/channels/staffpicks'],
    ['https://vimeo.com/groups/meditation'],
    ['https://vimeo.com/user12345678'],
    ['https://vimeo.com/sleepritual'],
    ['https://vimeo.com/sleepritual/videos'],
    ['https://vimeo.com/manage/videos'],
    ['https://vimeo.com/123/not-a-hash!'],
    ['https://youtube.com/watch?v=123'],
    ['https://evil.example/vimeo.com/123'],
    ['https://vimeo.com.evil.example/123'],
    ['javascript:alert(1)'],
    ['ftp://vimeo.com/123'],
    ['not a url at all'],
    ['0'],
    ['https://vimeo.com/99999999999999999999'],
  ])('names no single video: %s', (link) => {
    expect(parseVimeoLink(link)).toBeNull();
    expect(extractVimeoId(link)).toBeNull();
  });
});
