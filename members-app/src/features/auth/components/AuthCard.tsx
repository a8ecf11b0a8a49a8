import { useEffect, useRef, type ReactNode } from 'react';
import { Footer } from '../../../components/Footer.tsx';
import { focusElement } from '../../../lib/focus-screen.ts';

/**
 * The calm, centred frame of the sign-in, reset and create-account screens. `focusTitle`: the card
 * replaced what had focus (a form sent), so its title takes it and is read first.
 */
export function AuthCard({
  title,
  children,
  wide = false,
  focusTitle = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  focusTitle?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle && heading.current) focusElement(heading.current);
  }, [focusTitle]);
  return (
    <div className="page-shell">
      <main id="main" className="auth-page">
        <a href="/" className="brand" aria-label="Sleep Ritual home">
          <span className="brand-moon" aria-hidden="true" />
          Sleep Ritual
        </a>
        <section className={`auth-card${wide ? ' auth-card-wide' : ''}`} aria-labelledby="auth-title">
          <h1 id="auth-title" ref={heading}>
            {title}
          </h1>
          {children}
        </section>
      </main>
      <Footer />
    </div>
  );
}
