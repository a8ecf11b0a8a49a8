import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render.tsx';
import { MembersLayout } from './MembersLayout.tsx';

function renderMembersAt(url: string) {
  return renderRoutes(url, [
    {
      element: <MembersLayout />,
      children: [
        { path: '/my-programs', element: <p>programs</p> },
        { path: '/program/:programId/path/:pathId/class/:classId', element: <p>class</p> },
        { path: '/account', element: <p>account</p> },
      ],
    },
  ]);
}

/** The side bar's navigation (the mobile one is only there while its menu is open). */
const sideNav = () => within(screen.getAllByRole('navigation', { name: 'Members' })[0]!);

describe('Members navigation', () => {
  it.each([
    ['/my-programs', 'Programs', 'Account'],
    ['/program/1/path/10/class/101', 'Programs', 'Account'],
    ['/account', 'Account', 'Programs'],
  ])('on %s, "%s" carries aria-current="page" and "%s" does not', async (url, active, other) => {
    renderMembersAt(url);
    await screen.findByText(/programs|class|account/);
    expect(sideNav().getByRole('link', { name: active }).getAttribute('aria-current')).toBe('page');
    expect(sideNav().getByRole('link', { name: other }).getAttribute('aria-current')).toBeNull();
  });

  it('closes the phone menu with Escape, back on its button, and when the focus leaves the top bar', async () => {
    renderMembersAt('/my-programs');
    const button = await screen.findByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById('members-mobile-nav')!;
    within(menu).getByRole('link', { name: 'Account' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    const account = within(document.getElementById('members-mobile-nav')!).getByRole('link', {
      name: 'Account',
    });
    // A press on a link that takes no focus (Safari) blurs to nothing: the menu stays for the press.
    fireEvent.blur(account, { relatedTarget: null });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.blur(account, { relatedTarget: document.getElementById('main') });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
