// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Countdown from '../src/islands/Countdown.tsx';
import { SALE_ENDED_ATTRIBUTE } from '../src/islands/countdown-clock.ts';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const END = Date.UTC(2031, 2, 1, 20);
let container: HTMLDivElement;
let root: Root;

function shown() {
  const value = (unit: string) =>
    container.querySelector(`[data-unit="${unit}"] .countdown__value`)?.textContent;
  return [value('days'), value('hours'), value('minutes'), value('seconds')].join(':');
}

function render(props: { endsAt?: number }) {
  act(() => root.render(<Countdown durationSeconds={14_400} label="Sale ends in" {...props} />));
}

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
  document.documentElement.removeAttribute(SALE_ENDED_ATTRIBUTE);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('the sale countdown island', () => {
  it('counts to SALE_ENDS_AT, then stays at zero and marks the page as past the sale', () => {
    vi.setSystemTime(END - 3_000);
    render({ endsAt: END });
    expect(shown()).toBe('00:00:00:03');
    expect(document.documentElement.hasAttribute(SALE_ENDED_ATTRIBUTE)).toBe(false);

    act(() => vi.advanceTimersByTime(2_000));
    expect(shown()).toBe('00:00:00:01');
    expect(document.documentElement.hasAttribute(SALE_ENDED_ATTRIBUTE)).toBe(false);

    act(() => vi.advanceTimersByTime(1_000));
    expect(shown()).toBe('00:00:00:00');
    expect(document.documentElement.hasAttribute(SALE_ENDED_ATTRIBUTE)).toBe(true);

    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toBe('00:00:00:00');
    expect(window.localStorage.length).toBe(0);
  });

  it('shows days to a real end more than a day away', () => {
    vi.setSystemTime(END - (2 * 86_400 + 5 * 3_600 + 30) * 1000);
    render({ endsAt: END });
    expect(shown()).toBe('02:05:00:30');
  });

  it('without SALE_ENDS_AT loops: at zero it starts four hours again and the sale stays on', () => {
    vi.setSystemTime(END);
    window.localStorage.setItem('countdown:v1:14400', String(END + 2_000));
    render({});
    expect(shown()).toBe('00:00:00:02');

    act(() => vi.advanceTimersByTime(2_000));
    expect(shown()).toBe('00:04:00:00');
    expect(window.localStorage.getItem('countdown:v1:14400')).toBe(String(END + 2_000 + 14_400_000));
    expect(document.documentElement.hasAttribute(SALE_ENDED_ATTRIBUTE)).toBe(false);
  });
});
