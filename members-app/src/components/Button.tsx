import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { isAppRoute, isExternalTarget } from '../lib/navigation.ts';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type="button" className={`btn btn-${variant} ${className}`} {...props} />;
}

/**
 * A button-styled link. http(s) targets and pages outside the members app (the sales pages) get a
 * full-page navigation; app routes navigate inside the app.
 */
export function ButtonLink({
  to,
  variant = 'primary',
  className = '',
  children,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  variant?: Variant;
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
    <Link to={to} className={classes} {...props}>
      {children}
    </Link>
  );
}
