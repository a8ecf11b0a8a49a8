import { appIcons } from '../../services/contracts/src/web-app.ts';

/** The night palette of the members app, for the browser's chrome and the splash screen. */
const appColours = { theme: '#0f1430', background: '#0b1026' } as const;

/**
 * The web app manifest. The scope is the whole origin because the app's routes (/my-programs,
 * /program/…, /account, /sign-in) share no prefix; it opens on the learner's programmes.
 */
export function webAppManifest(filesPrefix: string) {
  const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
    src: `${filesPrefix}${file}`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/my-programs',
    name: 'Sleep Ritual',
    short_name: 'Sleep Ritual',
    description: 'Your guided sleep-meditation nights, one tap from bed.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/my-programs',
    scope: '/',
    display: 'standalone',
    background_color: appColours.background,
    theme_color: appColours.theme,
    categories: ['health', 'lifestyle'],
    icons: [
      icon(appIcons.any192, 192, 'any'),
      icon(appIcons.any512, 512, 'any'),
      icon(appIcons.maskable512, 512, 'maskable'),
    ],
  };
}
