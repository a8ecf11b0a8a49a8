import { Footer } from './Footer.tsx';

export function NotFound() {
  return (
    <div className="page-shell">
      <main id="main" className="not-found">
        <h1>404 - Page Not Found</h1>
        <p>The page you're looking for doesn't exist.</p>
      </main>
      <Footer />
    </div>
  );
}
