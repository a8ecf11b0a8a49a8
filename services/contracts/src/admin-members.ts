import { z } from 'zod';
import { forgotPasswordBodySchema } from './auth.ts';
import { PURCHASE_EVENTS, planStatusSchema, purchaseStatusSchema } from './purchases.ts';
import { completionReasons } from './progress.ts';
import { nightSleepFiguresSchema, sleepAnswers } from './sleep-check-ins.ts';

/**
 * The back office beyond the content tree: members, their purchases and progress, the actions an admin
 * takes on them, the checkout orders as the worker processed them, engagement per class, and the audit
 * log. Every request and answer of /api/admin/{members,orders,engagement,exports,audit-log}.
 */

// ── Messages ────────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_MEMBER_MESSAGES = {
  memberNotFound: 'Member not found',
  programNotFound: 'Program not found',
  orderNotFound: 'Order not found',
  emailInUse: 'This e-mail address is already used by another member.',
  alreadyHasAccess: 'This member already has access to this programme.',
  noAccessToRevoke: 'This member has no access to this programme to revoke.',
  accountAlreadyCreated: 'This member has already created an account. Send a password reset e-mail instead.',
  noOrderForAccount: 'This member has no purchase that gives access, so there is no account to create.',
  onlyFailedOrdersRetry: 'Only a failed order can be retried.',
  programIdRequired: 'Choose the programme.',
  pageInvalid: 'The page must be a whole number from 1.',
  pageSizeInvalid: 'The page size must be a whole number from 1 to 100.',
  searchTooLong: 'The search is too long.',
  searchInvalid: 'Search for one piece of text.',
  statusInvalid: 'The status must be completed or failed.',
  orderIdInvalid: 'The order job id is not valid.',
  actionInvalid: 'Unknown audit action.',
} as const;

/** The longest members' search (the search field takes no more). */
export const MEMBER_SEARCH_MAX_LENGTH = 255;

// ── Query and body schemas ──────────────────────────────────────────────────────────────────────────

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** Deep offsets cost the database as much as a full scan; nobody pages this far by hand. */
const MAX_PAGE = 10_000;

/** A whole number from the query string (or a number in JSON), within limits, with the given words. */
function wholeNumber(message: string, min: number, max: number) {
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const MAX_ID = 2_147_483_647;
const programIdText = wholeNumber(ADMIN_MEMBER_MESSAGES.programIdRequired, 1, MAX_ID);

const paging = {
  page: wholeNumber(ADMIN_MEMBER_MESSAGES.pageInvalid, 1, MAX_PAGE).default(1),
  pageSize: wholeNumber(ADMIN_MEMBER_MESSAGES.pageSizeInvalid, 1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** GET /api/admin/members?q=&page=&pageSize=: q matches part of the e-mail or the name, any case. */
export const memberSearchQuerySchema = z.object({
  q: z
    .string({ error: ADMIN_MEMBER_MESSAGES.searchInvalid })
    .trim()
    .max(MEMBER_SEARCH_MAX_LENGTH, ADMIN_MEMBER_MESSAGES.searchTooLong)
    .optional()
    .transform((value) => (value ? value : undefined)),
  ...paging,
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

/** POST /api/admin/members/{id}/grants */
export const grantProgramBodySchema = z.object({
  programId: z
    .number({ error: ADMIN_MEMBER_MESSAGES.programIdRequired })
    .int(ADMIN_MEMBER_MESSAGES.programIdRequired)
    .min(1, ADMIN_MEMBER_MESSAGES.programIdRequired)
    .max(MAX_ID, ADMIN_MEMBER_MESSAGES.programIdRequired),
});

/** The programme id in DELETE /api/admin/members/{id}/grants/{programId}. */
export const programIdParamSchema = programIdText;

/** PATCH /api/admin/members/{id}: the e-mail rule and words of the sign-in form, for any wrong input. */
const EMAIL_MESSAGE = 'Enter a valid email';
export const changeMemberEmailBodySchema = z.object({
  email: z.string({ error: EMAIL_MESSAGE }).pipe(forgotPasswordBodySchema.shape.email),
});
export type ChangeMemberEmailBody = z.infer<typeof changeMemberEmailBodySchema>;

export const ORDER_STATUSES = ['completed', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** GET /api/admin/orders?status=&page=&pageSize=: without status, both, newest first. */
export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: ADMIN_MEMBER_MESSAGES.statusInvalid }).optional(),
  ...paging,
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/**
 * The queue view (bull-board, read-only) of the purchases and emails queues: a page of its own, served
 * by the catalog service behind the admin session, linked from the Orders screen.
 */
export const QUEUE_VIEW_PATH = '/api/admin/queues';

/** A queue job id as the webhook receiver makes them (`order.success-123-ab12…`). */
export const orderJobIdSchema = z
  .string({ error: ADMIN_MEMBER_MESSAGES.orderIdInvalid })
  .regex(/^[A-Za-z0-9._-]{1,200}$/, ADMIN_MEMBER_MESSAGES.orderIdInvalid);

/** GET /api/admin/engagement?programId=: that programme's figures, or the first programme's when left out. */
export const engagementQuerySchema = z.object({ programId: programIdText.optional() });

export const ADMIN_AUDIT_ACTIONS = [
  'grant-program',
  'revoke-program',
  'resend-create-account',
  'send-password-reset',
  'change-email',
  'retry-order',
  'export-members',
  'export-progress',
  // Not an admin's: the member deleted their own account (recorded without their address).
  'self-delete-account',
  // Changes to the content and the shop, recorded for every admin write (memberId is null).
  'create-content',
  'update-content',
  'lock-content',
  'reorder-content',
  'delete-content',
  'restore-content',
  'save-product-mapping',
  'delete-product-mapping',
  'upload-media',
  'check-reconciliation',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/** GET /api/admin/audit-log?memberId=&action=&page=&pageSize= */
export const auditLogQuerySchema = z.object({
  memberId: wholeNumber('The member id must be a positive whole number.', 1, MAX_ID).optional(),
  action: z.enum(ADMIN_AUDIT_ACTIONS, { error: ADMIN_MEMBER_MESSAGES.actionInvalid }).optional(),
  ...paging,
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────────

const timestamp = z.string();
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

const programRef = z.object({ id: z.number().int(), title: z.string() });

export const memberListItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  hasPassword: z.boolean(),
  createdAt: timestamp,
  lastSignInAt: timestamp.nullable(),
  /** The programmes the member can open now (completed purchases). */
  programs: z.array(programRef),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;
export const memberListSchema = page(memberListItemSchema);
export type MemberList = z.infer<typeof memberListSchema>;

export const memberPurchaseSchema = z.object({
  id: z.number().int(),
  orderId: z.string().nullable(),
  /** The checkout item (`product-1`, `bump-2`); null for a grant by hand. */
  product: z.string().nullable(),
  programId: z.number().int(),
  programTitle: z.string(),
  /** The programme was deleted since: hidden from every learner, whatever the purchase says. */
  programDeleted: z.boolean(),
  /** 'completed' gives access; the others (see purchases.ts) do not. */
  status: purchaseStatusSchema,
  /** Whether it opens its programme now: completed, and no unpaid instalment whose grace ran out. */
  hasAccess: z.boolean(),
  /** The payment plan paying for it (ThriveCart subscription or split payment); null for a one-time payment. */
  plan: z
    .object({
      status: planStatusSchema,
      /** When the instalment now unpaid first failed; null while every instalment is paid. */
      paymentFailedAt: timestamp.nullable(),
      /** The end of that failure's grace: access until then, suspended since then. */
      accessUntil: timestamp.nullable(),
    })
    .nullable(),
  /** Granted by an admin rather than bought. */
  isManual: z.boolean(),
  purchasedAt: timestamp,
  updatedAt: timestamp,
});
export type MemberPurchase = z.infer<typeof memberPurchaseSchema>;

export const memberClassProgressSchema = z.object({
  classId: z.number().int(),
  classTitle: z.string(),
  classLabel: z.string().nullable(),
  pathTitle: z.string(),
  programId: z.number().int(),
  programTitle: z.string(),
  percentWatched: z.number().int(),
  completed: z.boolean(),
  completedAt: timestamp.nullable(),
  /** Null when the member has not played the class yet. */
  lastWatchedAt: timestamp.nullable(),
  totalPlays: z.number().int(),
  /** Why it counts as completed (finished, asleep: the sleep timer ended it, marked by hand); null if not. */
  completionReason: z.enum(completionReasons).nullable(),
  /** The member's morning check-in about the night; null when they gave none. */
  sleep: z.object({ answer: z.enum(sleepAnswers), quality: z.number().int().nullable() }).nullable(),
  /** The class (or a level above it) was deleted after the member watched it. */
  isDeleted: z.boolean(),
});
export type MemberClassProgress = z.infer<typeof memberClassProgressSchema>;

export const memberDetailSchema = z.object({
  member: z.object({
    id: z.number().int(),
    email: z.string(),
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    hasPassword: z.boolean(),
    emailVerified: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastSignInAt: timestamp.nullable(),
  }),
  /** Newest first. */
  purchases: z.array(memberPurchaseSchema),
  /** Every class of the programmes the member has a purchase of, in learning order, and any other class they watched. */
  progress: z.array(memberClassProgressSchema),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/** The answer of the resend and password-reset actions: the e-mail is on the worker's queue. */
export const emailQueuedSchema = z.object({
  queued: z.literal(true),
  template: z.enum(['create-account', 'password-reset']),
  jobId: z.string(),
});
export type EmailQueued = z.infer<typeof emailQueuedSchema>;

/** What the worker did with an order, as its purchase job returned it. */
export const orderResultSchema = z.union([
  z.object({
    action: z.literal('provisioned'),
    userId: z.number().int(),
    programIds: z.array(z.number().int()),
    newPurchases: z.number().int(),
  }),
  z.object({ action: z.literal('refunded'), refunded: z.number().int() }),
  /** A payment-plan event: how many purchases' plan state it changed. */
  z.object({ action: z.literal('plan-updated'), changed: z.number().int() }),
  /** An order of an account its member deleted: nothing provisioned, nothing mailed. */
  z.object({ action: z.literal('ignored'), reason: z.string() }),
]);

export const adminOrderSchema = z.object({
  jobId: z.string(),
  status: z.enum(['completed', 'failed', 'waiting', 'active', 'delayed', 'unknown']),
  event: z.enum(PURCHASE_EVENTS),
  orderId: z.string(),
  email: z.string().nullable(),
  products: z.array(z.string()),
  test: z.boolean(),
  receivedAt: timestamp,
  /** When the worker finished with it (completed, or failed for good). */
  processedAt: timestamp.nullable(),
  attempts: z.number().int(),
  result: orderResultSchema.nullable(),
  error: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const orderListSchema = page(adminOrderSchema).extend({
  /** Jobs in each state, including those still waiting or being retried. */
  counts: z.object({
    completed: z.number().int(),
    failed: z.number().int(),
    waiting: z.number().int(),
    active: z.number().int(),
    delayed: z.number().int(),
  }),
});
export type OrderList = z.infer<typeof orderListSchema>;

/**
 * GET /api/admin/orders/attention: what the back office must bring to an admin's attention about orders.
 * `awaitingMapping`: orders whose items no programme was mapped to when they were processed (each item
 * says whether it is mapped now, in which case the order only needs a Retry). `ignoredTestOrders`: the
 * latest test-mode orders acknowledged and ignored because ACCEPT_TEST_ORDERS is false.
 */
export const orderAttentionSchema = z.object({
  awaitingMapping: z.array(
    z.object({
      orderId: z.string(),
      email: z.string().nullable(),
      items: z.array(z.object({ item: z.string(), mapped: z.boolean() })),
      since: timestamp,
    }),
  ),
  ignoredTestOrders: z.array(
    z.object({ orderId: z.string(), email: z.string().nullable(), event: z.string(), receivedAt: timestamp }),
  ),
});
export type OrderAttention = z.infer<typeof orderAttentionSchema>;

/** What one reconciliation run with ThriveCart's API found and did. */
export const reconciliationFindingsSchema = z.object({
  /** Calls made to ThriveCart's API (at most 60 a minute). */
  requests: z.number().int(),
  transactionsSeen: z.number().int(),
  /** Charges and refunds already processed here: nothing to do. */
  alreadyProcessed: z.number().int(),
  /** Orders (or items of them) whose webhook never arrived, queued for the worker. */
  chargesQueued: z.array(z.object({ orderId: z.string(), items: z.array(z.string()), test: z.boolean() })),
  refundsQueued: z.array(z.object({ orderId: z.string(), item: z.string(), test: z.boolean() })),
  cancellationsSeen: z.number().int(),
  /**
   * Payment-plan events (a plan cancelled, an instalment paid) not applied here yet, queued for the
   * worker. Runs recorded before plan events were reconciled have none.
   */
  planEventsQueued: z
    .array(z.object({ orderId: z.string(), event: z.string(), item: z.string(), test: z.boolean() }))
    .default([]),
  /** Items of a kind that cannot be mapped, as `<order>: <item>`. */
  unrecognized: z.array(z.string()),
});
export type ReconciliationFindings = z.infer<typeof reconciliationFindingsSchema>;

/** What a run has found before its first request: nothing. */
export const noFindings = (): ReconciliationFindings => ({
  requests: 0,
  transactionsSeen: 0,
  alreadyProcessed: 0,
  chargesQueued: [],
  refundsQueued: [],
  cancellationsSeen: 0,
  planEventsQueued: [],
  unrecognized: [],
});

/** GET /api/admin/orders/reconciliation: whether it is set up, the last run, and how far it has looked. */
export const reconciliationStateSchema = z.object({
  configured: z.boolean(),
  everyMinutes: z.number().int(),
  lastRun: z
    .object({
      startedAt: timestamp,
      finishedAt: timestamp.nullable(),
      outcome: z.enum(['running', 'succeeded', 'failed']),
      error: z.string().nullable(),
      findings: reconciliationFindingsSchema.nullable(),
    })
    .nullable(),
  /** Per mode (live, test): the time up to which every transaction has been looked at. */
  checkpoints: z.record(z.string(), timestamp),
});
export type ReconciliationState = z.infer<typeof reconciliationStateSchema>;

/** POST /api/admin/orders/reconciliation: a run is queued (202). */
export const reconciliationQueuedSchema = z.object({ queued: z.literal(true) });
export type ReconciliationQueued = z.infer<typeof reconciliationQueuedSchema>;

export const RECONCILIATION_MESSAGES = {
  notConfigured: 'Reconciliation is off: set THRIVECART_API_KEY to check orders against ThriveCart.',
} as const;

export const engagementClassSchema = z.object({
  classId: z.number().int(),
  title: z.string(),
  label: z.string().nullable(),
  phaseTitle: z.string(),
  pathTitle: z.string(),
  /** Owners with any progress on the class. */
  started: z.number().int(),
  completed: z.number().int(),
  /** Median percent watched among those who started it; null when nobody did. */
  medianPercentWatched: z.number().nullable(),
  /** The morning check-ins about the night: how many answered, how many fell asleep during it, quality. */
  sleep: nightSleepFiguresSchema,
});
export type EngagementClass = z.infer<typeof engagementClassSchema>;

export const programEngagementSchema = z.object({
  programId: z.number().int(),
  title: z.string(),
  /** Members who can open the programme now. */
  owners: z.number().int(),
  /** In learning order: phase, path, class. */
  classes: z.array(engagementClassSchema),
});
export type ProgramEngagement = z.infer<typeof programEngagementSchema>;

export const engagementSchema = z.object({
  /** Every live programme, in catalogue order, to choose from. */
  programs: z.array(programRef),
  /** The figures of the programme asked for, or of the first one; null when there is none. */
  program: programEngagementSchema.nullable(),
});
export type Engagement = z.infer<typeof engagementSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(ADMIN_AUDIT_ACTIONS),
  memberId: z.number().int().nullable(),
  /** The member's e-mail address now (null once the member is gone). */
  memberEmail: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** A digest of the admin session that acted, the same for every action of one sign-in. */
  adminSessionId: z.string(),
  ip: z.string().nullable(),
  createdAt: timestamp,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = page(auditEntrySchema);
export type AuditLog = z.infer<typeof auditLogSchema>;

/** The columns of the CSV downloads, in order. */
export const MEMBERS_CSV_COLUMNS = [
  'Member ID',
  'E-mail',
  'First name',
  'Last name',
  'Has password',
  'Created',
  'Last sign-in',
  'Programmes',
] as const;
export const PROGRESS_CSV_COLUMNS = [
  'Member ID',
  'E-mail',
  'Programme',
  'Class ID',
  'Class',
  'Percent watched',
  'Completed',
  'Completed at',
  'Last watched',
  'Plays',
] as const;
