export const authKeys = {
  all: ['auth'] as const,
  currentUser: () => [...authKeys.all, 'current-user'] as const,
  adminCheck: () => [...authKeys.all, 'admin-check'] as const,
  createAccountLookups: () => [...authKeys.all, 'create-account'] as const,
  createAccountLookup: (query: string) => [...authKeys.createAccountLookups(), query] as const,
  resetTokenCheck: (token: string) => [...authKeys.all, 'reset-token-check', token] as const,
  bedtimeReminder: () => [...authKeys.all, 'bedtime-reminder'] as const,
  unsubscribeLink: (token: string) => [...authKeys.all, 'unsubscribe-link', token] as const,
};
