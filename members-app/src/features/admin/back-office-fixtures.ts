import type { AdminOrder, MemberDetail, MemberListItem } from '@sleep-ritual/contracts/admin-members';

/** Back-office answers in the contract's shapes, for the screens' tests. */
export const backOffice = {
  listItem: (id: number, fields: Partial<MemberListItem> = {}): MemberListItem => ({
    id,
    email: `member-${id}@example.com`,
    firstName: 'Maya',
    lastName: 'Lindqvist',
    hasPassword: false,
    createdAt: '2026-11-01T20:00:00.000Z',
    lastSignInAt: null,
    programs: [{ id: 1, title: 'Sleep Ritual' }],
    ...fields,
  }),
  page: <T>(items: T[], fields: { total?: number; page?: number; pageSize?: number } = {}) => ({
    items,
    total: fields.total ?? items.length,
    page: fields.page ?? 1,
    pageSize: fields.pageSize ?? 20,
  }),
  detail: (
    fields: {
      member?: Partial<MemberDetail['member']>;
      purchases?: MemberDetail['purchases'];
      progress?: MemberDetail['progress'];
    } = {},
  ): MemberDetail => ({
    member: {
      id: 7,
      email: 'maya@example.com',
      username: 'maya@example.com',
      firstName: 'Maya',
      lastName: 'Lindqvist',
      hasPassword: false,
      emailVerified: false,
      createdAt: '2026-11-01T20:00:00.000Z',
      updatedAt: '2026-11-01T20:00:00.000Z',
      lastSignInAt: null,
      ...fields.member,
    },
    purchases: fields.purchases ?? [backOffice.purchase()],
    progress: fields.progress ?? [],
  }),
  purchase: (fields: Partial<MemberDetail['purchases'][number]> = {}): MemberDetail['purchases'][number] => ({
    id: 30,
    orderId: '123456789',
    product: 'product-1',
    programId: 1,
    programTitle: 'Sleep Ritual',
    status: 'completed',
    isManual: false,
    purchasedAt: '2026-11-01T20:00:00.000Z',
    updatedAt: '2026-11-01T20:00:00.000Z',
    ...fields,
  }),
  order: (fields: Partial<AdminOrder> = {}): AdminOrder => ({
    jobId: 'order.success-123456789-ab12',
    status: 'completed',
    event: 'order.success',
    orderId: '123456789',
    email: 'maya@example.com',
    products: ['product-1'],
    test: false,
    receivedAt: '2026-11-01T20:00:00.000Z',
    processedAt: '2026-11-01T20:00:01.000Z',
    attempts: 1,
    result: { action: 'provisioned', userId: 7, programIds: [1], newPurchases: 1 },
    error: null,
    ...fields,
  }),
};
