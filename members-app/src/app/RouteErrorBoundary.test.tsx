import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

function Broken(): never {
  throw new Error('The screen broke');
}

function Screens() {
  return useRoutes([
    { path: '/broken', element: <Broken /> },
    { path: '/fine', element: <p>Fine again</p> },
  ]);
}

describe('a screen that throws', () => {
  it('shows what went wrong instead of a blank page, until the learner goes elsewhere', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Link to="/fine">Elsewhere</Link>
        <RouteErrorBoundary>
          <Screens />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The screen broke' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByText('Fine again')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).toBeNull();
  });
});
