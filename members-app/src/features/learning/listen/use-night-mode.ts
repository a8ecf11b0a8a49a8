import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Night mode (the whole screen black until the next tap or key) inside a player layer. Waking gives
 * the focus back to `wakeFocus` in the layer (else the layer), so Tab stays in the player and Escape
 * still closes it: the black button that had the focus is gone by then.
 */
export function useNightMode(layer: RefObject<HTMLElement | null>, wakeFocus: string) {
  const [night, setNight] = useState(false);
  const woken = useRef(false);
  useEffect(() => {
    if (night || !woken.current) return;
    woken.current = false;
    const target = layer.current?.querySelector<HTMLElement>(wakeFocus) ?? layer.current;
    target?.focus();
  }, [night, layer, wakeFocus]);
  return {
    night,
    enter: () => setNight(true),
    wake: () => {
      woken.current = true;
      setNight(false);
    },
  };
}
