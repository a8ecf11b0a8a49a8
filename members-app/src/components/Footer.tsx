import { supportEmail } from '../lib/public-config.ts';

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Legal">
        <a href="/terms">Terms of Service</a>
        <a href="/privacy-policy">Privacy Policy</a>
      </nav>
      <p>
        Questions? <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
      <p className="muted">© {new Date().getFullYear()} Sleep Ritual</p>
    </footer>
  );
}
