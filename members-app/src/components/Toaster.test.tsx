import { act, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast, useToastLayer } from './Toaster.tsx';

let show: ReturnType<typeof useToast> = () => {};
function Grab() {
  show = useToast();
  return null;
}

function renderToaster() {
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
  const region = () => screen.getByRole('region', { name: 'Notifications' });
  return { region };
}

describe('Toasts', () => {
  it('a new toast of the same title replaces the old one instead of stacking', () => {
    const { region } = renderToaster();
    act(() => {
      show({ title: 'Class created successfully' });
      show({ title: 'Class created successfully' });
      show({ title: 'Class created successfully' });
    });
    expect(region().querySelectorAll('.toast')).toHaveLength(1);
  });

  it('"Access granted" replaces "Access denied": toasts of one kind replace each other', () => {
    const { region } = renderToaster();
    act(() =>
      show({
        title: 'Access denied',
        description: 'Invalid admin password',
        variant: 'destructive',
        kind: 'admin-sign-in',
      }),
    );
    act(() =>
      show({ title: 'Access granted', description: 'Welcome to the admin panel', kind: 'admin-sign-in' }),
    );
    expect(region().textContent).toContain('Access granted');
    expect(region().textContent).not.toContain('Access denied');
  });

  it('keeps toasts of different kinds side by side, three at most', () => {
    const { region } = renderToaster();
    act(() => {
      for (const title of ['One', 'Two', 'Three', 'Four']) show({ title });
    });
    expect([...region().querySelectorAll('.toast-title')].map((node) => node.textContent)).toEqual([
      'Two',
      'Three',
      'Four',
    ]);
  });
});

describe('Toasts and an open modal dialog', () => {
  let setOpen: (open: boolean) => void = () => {};
  function Layer() {
    const layer = useRef<HTMLDivElement>(null);
    useToastLayer(layer);
    return <div ref={layer} data-testid="layer" />;
  }
  function Page() {
    const [open, set] = useState(false);
    setOpen = set;
    show = useToast();
    return open ? <Layer /> : null;
  }

  it('shows toasts inside the open dialog (the page behind it is inert), and back on the page once it closes', () => {
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    act(() => setOpen(true));
    act(() => show({ title: 'Failed to create class', variant: 'destructive' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(screen.getByTestId('layer').contains(region)).toBe(true);
    expect(region.textContent).toContain('Failed to create class');

    act(() => setOpen(false));
    const after = screen.getByRole('region', { name: 'Notifications' });
    expect(after.parentElement?.closest('[data-testid="layer"]')).toBeNull();
    expect(after.textContent).toContain('Failed to create class');
  });
});
