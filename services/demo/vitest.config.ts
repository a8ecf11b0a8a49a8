// The settings every service shares live beside tsconfig.base.json.
export { default } from '../../vitest.base.ts';
