/** The navigation state a sign-in passes on when it ended a checkout password (see PasswordEndedNotice). */
export const PASSWORD_ENDED_STATE = { passwordEnded: true } as const;
