import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef, useState } from 'react';
import { Link, MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusKeptOnScreen, useFocusOnNavigation } from './focus-screen.ts';

function Layout() {
  useFocusOnNavigation();
  return <Outlet />;
}

/** A screen whose heading arrives once its data did. */
function LoadingScreen() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLoaded(true), 50);
    return () => window.clearTimeout(timer);
  }, []);
  return <main>{loaded ? <h1>Night 1</h1> : <p>Loading...</p>}</main>;
}

/** A screen that puts the focus on its own field. */
function FormScreen() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <main>
      <h1>Sign In</h1>
      <label>
        Email <input ref={field} />
      </label>
    </main>
  );
}

function renderRoutes() {
  render(
    <MemoryRouter initialEntries={['/my-programs']}>
      <Routes>
        <Route element={<Layout />}>
          <Route
            path="/my-programs"
            element={
              <main>
                <h1>Your Programs</h1>
                <Link to="/class">Tonight: Night 1</Link>
                <Link to="/sign-in">Sign in again</Link>
              </main>
            }
          />
          <Route path="/class" element={<LoadingScreen />} />
          <Route path="/sign-in" element={<FormScreen />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('focus after a route change', () => {
  it('stays where it is on the first page', () => {
    renderRoutes();
    expect(document.activeElement).toBe(document.body);
  });

  it("goes to the new screen's heading once it is there, not to the top of the page", async () => {
    renderRoutes();
    const link = screen.getByRole('link', { name: 'Tonight: Night 1' });
    link.focus();
    fireEvent.click(link);
    const heading = await screen.findByRole('heading', { name: 'Night 1' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves it where the new screen put it', async () => {
    renderRoutes();
    const link = screen.getByRole('link', { name: 'Sign in again' });
    link.focus();
    fireEvent.click(link);
    const field = await screen.findByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(document.activeElement).toBe(field));
  });
});

/** A list whose empty state's button goes once the first row is there (it comes a moment after the press). */
function EmptyList() {
  useFocusKeptOnScreen();
  const [rows, setRows] = useState<string[]>([]);
  return (
    <main>
      <h1>Classes List</h1>
      <button type="button">Elsewhere</button>
      {rows.length === 0 ? (
        <button type="button" onClick={() => window.setTimeout(() => setRows(['Night 1']), 10)}>
          Create First Class
        </button>
      ) : (
        <p>{rows[0]}</p>
      )}
    </main>
  );
}

/** The empty state's button, pressed from the keyboard's focus. */
function pressCreateFirstClass(): HTMLElement {
  const opener = screen.getByRole('button', { name: 'Create First Class' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('useFocusKeptOnScreen', () => {
  it('gives the focus to the screen heading when what held it leaves the page', async () => {
    render(<EmptyList />);
    pressCreateFirstClass();
    await screen.findByText('Night 1');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Classes List' })),
    );
  });

  it('leaves the focus on the page when the user put it there before the button went', async () => {
    render(<EmptyList />);
    pressCreateFirstClass().blur();
    await screen.findByText('Night 1');
    await Promise.resolve();
    expect(document.activeElement).toBe(document.body);
  });

  it('gives the focus to an open modal layer, never to the screen behind it', async () => {
    render(
      <>
        <EmptyList />
        <div role="dialog" aria-modal="true" aria-label="Listen mode" />
      </>,
    );
    pressCreateFirstClass();
    await screen.findByText('Night 1');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Listen mode' })),
    );
  });

  it('leaves the focus where the user put it when something else leaves', async () => {
    render(<EmptyList />);
    fireEvent.click(screen.getByRole('button', { name: 'Create First Class' }));
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    await screen.findByText('Night 1');
    expect(document.activeElement).toBe(elsewhere);
  });
});
