import {
  ADMIN_MEMBER_MESSAGES,
  type MemberDetail,
  type MemberList,
  type MemberSearchQuery,
} from '@sleep-ritual/contracts/admin-members';
import { iso, isoOrNull } from '@sleep-ritual/platform/dates';
import type { Knex } from '@sleep-ritual/platform/db';
import { NotFoundError } from '@sleep-ritual/platform/errors';
import {
  findMemberRow,
  ownedProgramsByMember,
  progressRows,
  purchaseRows,
  searchMemberRows,
  type MemberRow,
} from '../data/admin-members-queries.ts';

export async function searchMembers(db: Knex, query: MemberSearchQuery): Promise<MemberList> {
  const { rows, total } = await searchMemberRows(db, query);
  const programs = await ownedProgramsByMember(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      hasPassword: row.hasPassword,
      createdAt: iso(row.createdAt),
      lastSignInAt: isoOrNull(row.lastSignInAt),
      programs: programs.get(row.id) ?? [],
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The member, or a 404; `forUpdate` (inside a transaction) holds the row until it ends. */
export async function requireMember(
  db: Knex,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<MemberRow> {
  const member = await findMemberRow(db, id, options);
  if (!member) throw new NotFoundError(ADMIN_MEMBER_MESSAGES.memberNotFound);
  return member;
}

export async function getMemberDetail(db: Knex, id: number): Promise<MemberDetail> {
  const member = await requireMember(db, id);
  const [purchases, progress] = await Promise.all([purchaseRows(db, id), progressRows(db, id)]);
  return {
    member: {
      ...member,
      createdAt: iso(member.createdAt),
      updatedAt: iso(member.updatedAt),
      lastSignInAt: isoOrNull(member.lastSignInAt),
    },
    purchases: purchases.map(({ planStatus, paymentFailedAt, graceEndsAt, ...row }) => ({
      ...row,
      plan: planStatus
        ? {
            status: planStatus,
            paymentFailedAt: isoOrNull(paymentFailedAt),
            accessUntil: isoOrNull(graceEndsAt),
          }
        : null,
      purchasedAt: iso(row.purchasedAt),
      updatedAt: iso(row.updatedAt),
    })),
    progress: progress.map((row) => ({
      ...row,
      completedAt: isoOrNull(row.completedAt),
      lastWatchedAt: isoOrNull(row.lastWatchedAt),
    })),
  };
}
