import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './Toaster.tsx';

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
