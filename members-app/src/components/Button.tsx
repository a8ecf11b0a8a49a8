import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { isAppRoute, isExternalTarget } from '../lib/navigation.ts';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

/**
 * `busy`: while its action runs the button is aria-disabled, not disabled, and ignores presses (a
 * submit button does not submit): a disabled button would throw the keyboard's focus to the page.
 */
export function Button({
  variant = 'primary',
  className = '',
  busy = false,
  onClick,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button
      type="button"
      className={`btn btn-${variant} ${className}`}
      {...props}
      aria-disabled={busy || props['aria-disabled'] || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
    />
  );
}

/**
 * A button-styled link. http(s) targets and pages outside the members app (the sales pages) get a
 * full-page navigation; app routes navigate inside the app.
 */
export function ButtonLink({
  to,
  variant = 'primary',
  className = '',
  state,
  children,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  variant?: Variant;
  /** What the app's screen at `to` is given along (the router's state: never in the address). */
  state?: unknown;
  children: ReactNode;
}) {
  const classes = `btn btn-${variant} ${className}`;
  if (isExternalTarget(to) || !isAppRoute(to)) {
    return (
      <a href={to} className={classes} {...props}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={classes} state={state} {...props}>
      {children}
    </Link>
  );
}
