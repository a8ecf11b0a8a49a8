import { useEffect, useRef, useState } from 'react';
import type Player from '@vimeo/player';
import { useOnline } from '../../../lib/use-online.ts';
import { vimeoEmbedUrl } from '../lib/vimeo-embed.ts';

/**
 * The Vimeo player in its 16:9 box (spec 000 §2). The iframe is made here rather than rendered by
 * React because the player library removes it when it is destroyed. The library itself is loaded only
 * when a video is on the page, so the programme list never downloads it.
 */
export function VimeoPlayer({
  vimeoId,
  storedUrl,
  title,
  onPlayer,
}: {
  vimeoId: number;
  storedUrl?: string | null;
  title: string;
  onPlayer?: (player: Player | null) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const onPlayerRef = useRef(onPlayer);
  useEffect(() => {
    onPlayerRef.current = onPlayer;
  });

  const src = vimeoEmbedUrl(vimeoId, storedUrl);
  // Offline, the frame would show the browser's own light "no internet" page in a dark room: it is made
  // once the network is there, and a player made stays through a moment offline (its buffer plays on).
  const online = useOnline();
  const [loadable, setLoadable] = useState(online);
  if (online && !loadable) setLoadable(true);

  useEffect(() => {
    const container = box.current;
    if (!container || !loadable) return;
    const iframe = document.createElement('iframe');
    iframe.src = src;
    iframe.title = title;
    // `fullscreen` in `allow` is the whole permission (allowfullscreen beside it only draws a warning).
    iframe.allow = 'autoplay; fullscreen; picture-in-picture; encrypted-media';
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    container.append(iframe);

    let cancelled = false;
    let player: Player | null = null;
    import('@vimeo/player').then(
      ({ default: VimeoPlayerApi }) => {
        if (cancelled) return;
        player = new VimeoPlayerApi(iframe);
        onPlayerRef.current?.(player);
      },
      (error: unknown) => console.warn('Could not load the video player', error),
    );
    return () => {
      cancelled = true;
      if (player) {
        onPlayerRef.current?.(null);
        player.destroy().catch((error: unknown) => console.warn('Could not close the video player', error));
      }
      iframe.remove();
    };
  }, [src, title, loadable]);

  return (
    <div ref={box} className="video-box" data-testid="class-video">
      {!loadable && <p className="video-offline">The video needs a connection.</p>}
    </div>
  );
}
