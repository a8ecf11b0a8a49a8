/** Texts of the navigation bar and the mobile menu overlay (spec §2, Navigation bar and menu). */
export const navigationText = {
  signIn: 'Sign In',
  account: 'Account',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  menuLabel: 'Menu',
  signedOutTitle: 'Already own the program?',
  buyLink: 'Or click here to buy the 6-night ritual',
  signedInTitle: 'Your Account',
  viewPrograms: 'View my programs',
  checkingAccount: 'Checking your account…',
} as const;
