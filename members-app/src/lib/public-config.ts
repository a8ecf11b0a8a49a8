import { publicDefaults } from '@sleep-ritual/contracts/public-config';

declare const __SUPPORT_EMAIL__: string | undefined;

/** Build-time settings (vite.config.ts defines them from the environment). */
export const supportEmail: string =
  typeof __SUPPORT_EMAIL__ === 'string' && __SUPPORT_EMAIL__
    ? __SUPPORT_EMAIL__
    : publicDefaults.supportEmail;
