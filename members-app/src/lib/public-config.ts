/** Defined by vite.config.ts from the public build configuration (contracts/public-config). */
declare const __SUPPORT_EMAIL__: string;

/** The support address shown to learners. */
export const supportEmail: string = __SUPPORT_EMAIL__;
