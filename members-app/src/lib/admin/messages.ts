/** Spec 001 §8: every toast and confirmation of the admin screens, worded as the spec words them. */
export const MESSAGES = {
  program: {
    created: 'Program created successfully',
    updated: 'Program updated successfully',
    deleted: 'Program deleted successfully',
    orderSaved: 'Program order updated successfully',
    createFailed: 'Failed to create program',
    updateFailed: 'Failed to update program',
    deleteFailed: 'Failed to delete program',
    orderFailed: 'Failed to update program order',
  },
  phase: {
    created: 'Phase created successfully',
    updated: 'Phase updated successfully',
    deleted: 'Phase deleted successfully',
    orderSaved: 'Phase order updated successfully',
    lockSaved: 'Phase lock status updated successfully',
    createFailed: 'Failed to create phase',
    updateFailed: 'Failed to update phase',
    deleteFailed: 'Failed to delete phase',
    orderFailed: 'Failed to update phase order',
    lockFailed: 'Failed to update phase lock status',
  },
  path: {
    created: 'Path created successfully',
    updated: 'Path updated successfully',
    deleted: 'Path deleted successfully',
    orderSaved: 'Path order updated successfully',
    lockSaved: 'Path lock status updated successfully',
    createFailed: 'Failed to create path',
    updateFailed: 'Failed to update path',
    deleteFailed: 'Failed to delete path',
    orderFailed: 'Failed to update path order',
    lockFailed: 'Failed to update path lock status',
  },
  class: {
    created: 'Class created successfully',
    updated: 'Class updated successfully',
    deleted: 'Class deleted successfully',
    orderSaved: 'Classes reordered successfully',
    lockSaved: 'Class lock status updated successfully',
    duplicated: 'Class duplicated successfully',
    createFailed: 'Failed to create class',
    updateFailed: 'Failed to update class',
    // These three are shown under the title "Error" (§8).
    deleteFailed: 'Failed to delete class',
    orderFailed: 'Failed to reorder classes',
    lockFailed: 'Failed to update class lock status',
    duplicateFailed: 'Failed to duplicate class',
  },
} as const;

export const CONFIRM = {
  program: 'This will hide it from all users but keep the data.',
  phase: 'This will hide the phase from all users, but it will be kept in the database.',
  path: 'This will hide the path from all users, but it will be kept in the database.',
  classQuestion: (title: string) =>
    `Are you sure you want to delete the class ${title}? This action cannot be undone.`,
} as const;

/** Spec 001 §8 inline errors. */
export const LOAD_ERRORS = {
  programs: 'Error loading programs',
  program: 'Error loading program details',
  programMissing: 'Program not found',
  phases: 'Error loading phases',
  phase: 'Error loading phase details',
  paths: 'Error loading paths',
  path: 'Error loading path details',
  classes: 'Error loading classes',
  productMappings: 'Error loading product mappings',
  members: 'Error loading members',
  member: 'Error loading member details',
  memberMissing: 'Member not found',
  auditLog: 'Error loading admin actions',
  orders: 'Error loading orders',
  engagement: 'Error loading engagement',
  deleted: 'Error loading deleted content',
} as const;

/** The back office's toasts (members, orders): worded like the spec's own. */
export const BACK_OFFICE_MESSAGES = {
  granted: 'Program access granted successfully',
  grantFailed: 'Failed to grant program access',
  revoked: 'Program access revoked successfully',
  revokeFailed: 'Failed to revoke program access',
  createAccountSent: 'Create-account e-mail sent',
  createAccountFailed: 'Failed to send the create-account e-mail',
  passwordResetSent: 'Password reset e-mail sent',
  passwordResetFailed: 'Failed to send the password reset e-mail',
  emailChanged: 'E-mail address updated successfully',
  emailChangeFailed: 'Failed to update e-mail address',
  orderRetried: 'Order queued again',
  orderRetryFailed: 'Failed to retry order',
  reconciliationQueued: 'Checking ThriveCart now',
  reconciliationFailed: 'Failed to start the check',
} as const;

/** Asked before changes typed in an admin form are dropped: leaving the screen, or closing its dialog. */
export const UNSAVED = {
  leave: 'Your changes are not saved. Leave without saving them?',
  discard: 'Your changes are not saved. Close without saving them?',
};
