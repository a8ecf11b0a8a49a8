import { describe, expect, it } from 'vitest';
import { vimeoEmbedUrl } from './vimeo-embed.ts';

describe('vimeoEmbedUrl', () => {
  it('embeds from player.vimeo.com with do-not-track on and title, byline and portrait hidden', () => {
    const url = new URL(vimeoEmbedUrl(76979871, 'https://vimeo.com/76979871'));
    expect(url.origin + url.pathname).toBe('https://player.vimeo.com/video/76979871');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      dnt: '1',
      title: '0',
      byline: '0',
      portrait: '0',
    });
  });

  it('keeps the hash of an unlisted video, from the path or the h parameter', () => {
    expect(new URL(vimeoEmbedUrl(123, 'vimeo.com/123/abcdef12')).searchParams.get('h')).toBe('abcdef12');
    expect(
      new URL(vimeoEmbedUrl(123, 'https://player.vimeo.com/video/123?h=9f8e7d')).searchParams.get('h'),
    ).toBe('9f8e7d');
    expect(new URL(vimeoEmbedUrl(123, 'https://vimeo.com/channels/calm/123')).searchParams.has('h')).toBe(
      false,
    );
    expect(new URL(vimeoEmbedUrl(123, null)).searchParams.has('h')).toBe(false);
  });

  it('plays the video, not the showcase or album, and keeps the start time of the link', () => {
    const showcase = new URL(vimeoEmbedUrl(987654321, 'https://vimeo.com/showcase/11223344/video/987654321'));
    expect(showcase.pathname).toBe('/video/987654321');
    const album = new URL(vimeoEmbedUrl(246810, 'https://vimeo.com/album/5566/video/246810#t=1m5s'));
    expect(album.pathname).toBe('/video/246810');
    expect(album.hash).toBe('#t=65s');
    const unlisted = new URL(
      vimeoEmbedUrl(135791113, 'https://vimeo.com/manage/videos/135791113/f00dfeed42'),
    );
    expect(unlisted.searchParams.get('h')).toBe('f00dfeed42');
    expect(new URL(vimeoEmbedUrl(123, 'https://vimeo.com/123')).hash).toBe('');
  });
});
