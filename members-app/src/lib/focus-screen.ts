import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Focuses an element a keyboard cannot reach by Tab (a heading, a landmark) without scrolling to it. */
export function focusElement(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * Focus moves to the screen's heading (or its main, until the heading is there): where a keyboard or a
 * screen reader starts reading once what had focus is gone (a link that led to another screen, a card
 * closed). Answers whether something was focused.
 */
export function focusScreenHeading(): boolean {
  const target =
    document.querySelector<HTMLElement>('main h1') ??
    document.querySelector<HTMLElement>('main') ??
    document.querySelector<HTMLElement>('h1');
  if (!target) return false;
  focusElement(target);
  return true;
}

/** How long after a route change a screen's heading may still arrive (its code or data loading). */
const HEADING_WAIT_MS = 3_000;

/**
 * After each route change (not the first page), focus goes to the new screen's heading, so the next Tab
 * and a screen reader start at the new screen rather than at the top of the page. A screen that put the
 * focus somewhere itself (a form's first field) keeps it.
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const untouched = () => {
      const active = document.activeElement;
      return !active || active === document.body || !active.isConnected || active.tagName === 'MAIN';
    };
    if (!untouched()) return;
    if (document.querySelector('main h1')) {
      focusScreenHeading();
      return;
    }
    focusScreenHeading();
    const observer = new MutationObserver(() => {
      if (!document.querySelector('main h1')) return;
      observer.disconnect();
      if (untouched()) focusScreenHeading();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname]);
}

/**
 * When the element that held the keyboard's focus leaves the page and the focus fell to the page with
 * it (the empty state's "Create First Class" once the first class is listed, a row's button once its
 * row went, a revoked access's button), the focus goes to the screen's heading: a keyboard and a screen
 * reader go on from the screen, not from the top of the page. With a modal layer open (listen mode, a
 * dialog) it goes to that layer instead, never behind it. Focus the user moved away themselves (a
 * click on the page) is left where it is.
 */
export function useFocusKeptOnScreen(): void {
  useEffect(() => {
    let held: Element | null = document.activeElement;
    const onFocusIn = (event: FocusEvent) => {
      held = event.target instanceof Element ? event.target : null;
    };
    // Left, not removed: the user moved the focus on, and what goes later is none of this hook's.
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target;
      queueMicrotask(() => {
        if (held === left && left instanceof Element && left.isConnected) held = null;
      });
    };
    const observer = new MutationObserver(() => {
      const active = document.activeElement;
      if (!held || held.isConnected || (active && active !== document.body)) return;
      held = null;
      const layer = document.querySelector<HTMLElement>('dialog[open], [aria-modal="true"]');
      if (layer) focusElement(layer);
      else focusScreenHeading();
    });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  }, []);
}
