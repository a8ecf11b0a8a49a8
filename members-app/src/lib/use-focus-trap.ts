import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What a modal layer needs from the keyboard: focus moves in when it opens (to `firstFocus`, by
 * default a form field, else the first control, else the layer) and goes back to where it was when it closes (or to the page's
 * main area when that element is gone), the page behind does not scroll, Tab and Shift+Tab stay inside,
 * and Escape calls `onEscape`. Answers the layer's keydown handler.
 */
export function useFocusTrap(
  layer: RefObject<HTMLElement | null>,
  onEscape: () => void,
  firstFocus = 'input, select, textarea',
): (event: KeyboardEvent) => void {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first =
      layer.current?.querySelector<HTMLElement>(firstFocus) ??
      layer.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? layer.current)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
      else document.getElementById('main')?.focus();
    };
    // Once, when the layer opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      escape.current();
      return;
    }
    if (event.key !== 'Tab' || !layer.current) return;
    const focusable = [...layer.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
