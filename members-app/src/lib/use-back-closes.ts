import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

type OverlayState = { overlay?: string } | null;

const layerName = () => Math.random().toString(36).slice(2);

/**
 * A full-screen layer that the browser's Back closes, as a phone's back gesture is expected to: opening
 * it adds a history entry for the same address, so Back leaves that entry (the layer closes, the page
 * stays) and closing it by its own button goes back over the entry it added, once however often it is
 * pressed before the browser has gone back. The entry names this mounted layer, so a reload or another
 * page's entry never opens it, and once the layer has closed the name changes: Forward into the entry
 * it left never opens it again (listen mode would start the sound in bed).
 */
export function useBackCloses(): { open: boolean; show: () => void; close: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const [name, setName] = useState(layerName);
  // The entry already being left: a second press (a double tap, Escape and a click) must not go back
  // past the page.
  const leaving = useRef<string | null>(null);
  const open = (location.state as OverlayState)?.overlay === name;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) setName(layerName());
    wasOpen.current = open;
  }, [open]);
  return {
    open,
    show: () => {
      if (!open) void navigate(location, { state: { overlay: name } });
    },
    close: () => {
      if (!open || leaving.current === location.key) return;
      leaving.current = location.key;
      void navigate(-1);
    },
  };
}
