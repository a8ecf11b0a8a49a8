import type { ReactNode } from 'react';
import { Footer } from '../../../components/Footer.tsx';

/** The calm, centred frame of the sign-in, reset and create-account screens. */
export function AuthCard({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="page-shell">
      <main id="main" className="auth-page">
        <a href="/" className="brand" aria-label="Sleep Ritual home">
          <span className="brand-moon" aria-hidden="true" />
          Sleep Ritual
        </a>
        <section className={`auth-card${wide ? ' auth-card-wide' : ''}`} aria-labelledby="auth-title">
          <h1 id="auth-title">{title}</h1>
          {children}
        </section>
      </main>
      <Footer />
    </div>
  );
}
