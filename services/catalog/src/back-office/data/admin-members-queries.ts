import type { CompletionReason } from '@sleep-ritual/contracts/progress';
import type { SleepAnswer } from '@sleep-ritual/contracts/sleep-check-ins';
import type { Knex } from '@sleep-ritual/platform/db';
import { givesAccessSql, type PlanStatus, type PurchaseStatus } from '@sleep-ritual/learning/purchase-access';

/**
 * The searchable text of a member. It must stay exactly the expression of the users_search_trgm index
 * (migration 20261121010000_admin_audit_log), or the search reads every row.
 */
const SEARCH_TEXT = `lower(u.email || ' ' || coalesce(u."firstName", '') || ' ' || coalesce(u."lastName", ''))`;

/** `like` treats % and _ as wildcards; a search for "a_b" means the characters. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * The condition a search filters on: the text contains q. The trigram index reads one list of rows per
 * three letters of the pattern, and a whole address brings its domain's (`gmail.com`), which nearly every
 * row has; so for an address the index looks up the part before the @, and `strpos` checks the rest.
 */
function searchCondition(q: string): { sql: string; bindings: string[] } {
  const local = q.split('@')[0] ?? '';
  if (!q.includes('@') || local.length < 3)
    return { sql: `${SEARCH_TEXT} like ?`, bindings: [`%${likeEscape(q)}%`] };
  return {
    sql: `${SEARCH_TEXT} like ? and strpos(${SEARCH_TEXT}, ?) > 0`,
    bindings: [`%${likeEscape(local)}%`, q],
  };
}

export type MemberRow = {
  id: number;
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  hasPassword: boolean;
  emailVerified: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastSignInAt: Date | null;
};

/**
 * A member is a user whose account was not deleted: a deleted account's row stays, emptied, only for
 * the books (docs/member-rights.md), and support has nothing to do with it.
 */
const LIVE_MEMBER = 'u."deletedAt" is null';

const MEMBER_COLUMNS = `u.id, u.email, u.username, u."firstName", u."lastName", (u.password is not null) as "hasPassword",
  u."emailVerified", u."createdAt", u."updatedAt", u."lastSignInAt"`;

/**
 * One page of members, newest first; with a search, the member whose e-mail it is comes first. That one
 * is found apart (by the unique e-mail index) so the rest can follow the primary key: for a common word
 * PostgreSQL then reads only as many rows as the page needs. The count is exact: support needs to know
 * "no one" from "many".
 */
export async function searchMemberRows(
  db: Knex,
  search: { q?: string; page: number; pageSize: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const start = (search.page - 1) * search.pageSize;
  if (search.q === undefined) {
    const [page, count] = await Promise.all([
      db.raw<{ rows: MemberRow[] }>(
        `select ${MEMBER_COLUMNS} from users u where ${LIVE_MEMBER} order by u.id desc limit ? offset ?`,
        [search.pageSize, start],
      ),
      db.raw<{ rows: { total: number }[] }>(
        `select count(*)::int as total from users u where ${LIVE_MEMBER}`,
      ),
    ]);
    return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
  }
  const q = search.q.toLowerCase();
  const contains = searchCondition(q);
  const { rows: exact } = await db.raw<{ rows: MemberRow[] }>(
    `select ${MEMBER_COLUMNS} from users u where lower(u.email) = ? and ${LIVE_MEMBER}`,
    [q],
  );
  // The exact match is the list's first row: the others fill the rest of page 1 and shift later pages by one.
  const skip = exact.length === 0 ? start : Math.max(start - 1, 0);
  const take = exact.length > 0 && start === 0 ? search.pageSize - 1 : search.pageSize;
  const [others, count] = await Promise.all([
    take === 0
      ? { rows: [] as MemberRow[] }
      : db.raw<{ rows: MemberRow[] }>(
          `select ${MEMBER_COLUMNS} from users u where ${contains.sql} and lower(u.email) <> ? and ${LIVE_MEMBER}
            order by u.id desc limit ? offset ?`,
          [...contains.bindings, q, take, skip],
        ),
    db.raw<{ rows: { total: number }[] }>(
      `select count(*)::int as total from users u where ${contains.sql} and ${LIVE_MEMBER}`,
      contains.bindings,
    ),
  ]);
  return { rows: [...(start === 0 ? exact : []), ...others.rows], total: count.rows[0]?.total ?? 0 };
}

export async function findMemberRow(
  db: Knex,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<MemberRow | undefined> {
  const { rows } = await db.raw<{ rows: MemberRow[] }>(
    `select ${MEMBER_COLUMNS} from users u where u.id = ? and ${LIVE_MEMBER} ${options.forUpdate ? 'for update' : ''}`,
    [id],
  );
  return rows[0];
}

/** The programmes each member can open now, in catalogue order. */
export async function ownedProgramsByMember(
  db: Knex,
  memberIds: number[],
): Promise<Map<number, { id: number; title: string }[]>> {
  const byMember = new Map<number, { id: number; title: string }[]>();
  if (memberIds.length === 0) return byMember;
  const { rows } = await db.raw<{ rows: { userId: number; id: number; title: string }[] }>(
    `select distinct pu."userId", pr.id, pr.title, pr."orderIndex"
       from purchases pu join programs pr on pr.id = pu."programId"
      where pu."userId" = any(?::int[]) and ${givesAccessSql('pu')}
      order by pu."userId", pr."orderIndex", pr.id`,
    [memberIds],
  );
  for (const row of rows) {
    byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), { id: row.id, title: row.title }]);
  }
  return byMember;
}

export type PurchaseRow = {
  id: number;
  orderId: string | null;
  product: string | null;
  programId: number;
  programTitle: string;
  programDeleted: boolean;
  status: PurchaseStatus;
  hasAccess: boolean;
  planStatus: PlanStatus | null;
  paymentFailedAt: Date | null;
  graceEndsAt: Date | null;
  isManual: boolean;
  purchasedAt: Date;
  updatedAt: Date;
};

/** A grant by hand has no checkout item, and an order id of its own making (see admin-members-writes). */
export const IS_MANUAL_GRANT = `(pu."externalProductId" is null and pu."thriveOrderId" like 'manual-%')`;

export async function purchaseRows(db: Knex, memberId: number): Promise<PurchaseRow[]> {
  const { rows } = await db.raw<{ rows: PurchaseRow[] }>(
    `select pu.id, pu."thriveOrderId" as "orderId", pu."externalProductId" as product, pu."programId",
            pr.title as "programTitle", pr."deletedAt" is not null as "programDeleted", pu.status, ${givesAccessSql('pu')} as "hasAccess", pu."planStatus",
            pu."paymentFailedAt", pu."graceEndsAt", ${IS_MANUAL_GRANT} as "isManual", pu."purchasedAt", pu."updatedAt"
       from purchases pu join programs pr on pr.id = pu."programId"
      where pu."userId" = ?
      order by pu."purchasedAt" desc, pu.id desc`,
    [memberId],
  );
  return rows;
}

export type ProgressRow = {
  classId: number;
  classTitle: string;
  classLabel: string | null;
  pathTitle: string;
  programId: number;
  programTitle: string;
  percentWatched: number;
  completed: boolean;
  completedAt: Date | null;
  lastWatchedAt: Date | null;
  totalPlays: number;
  completionReason: CompletionReason | null;
  sleep: { answer: SleepAnswer; quality: number | null } | null;
  isDeleted: boolean;
};

/**
 * Every live class of the programmes the member has any purchase of (unwatched ones at 0), and any
 * other class they have progress on, deleted or not: support sees both what is left and what was done.
 */
export async function progressRows(db: Knex, memberId: number): Promise<ProgressRow[]> {
  const { rows } = await db.raw<{ rows: ProgressRow[] }>(
    `select c.id as "classId", c.title as "classTitle", c.label as "classLabel", pa.title as "pathTitle",
            pr.id as "programId", pr.title as "programTitle",
            coalesce(up."percentWatched", 0) as "percentWatched", coalesce(up.completed, false) as completed,
            up."completedAt", coalesce(up."listenedAt", up."updatedAt") as "lastWatchedAt", coalesce(up."totalPlays", 0) as "totalPlays",
            up."completionReason",
            case when s.id is not null then json_build_object('answer', s.answer, 'quality', s.quality) end as sleep,
            (c."deletedAt" is not null or pa."deletedAt" is not null or ph."deletedAt" is not null
              or pr."deletedAt" is not null) as "isDeleted"
       from classes c
       join paths pa on pa.id = c."pathId"
       join phases ph on ph.id = pa."phaseId"
       join programs pr on pr.id = ph."programId"
       left join user_progress up on up."classId" = c.id and up."userId" = ?
       left join sleep_check_ins s on s.class_id = c.id and s.user_id = up."userId"
      where up.id is not null
         or (c."deletedAt" is null and pa."deletedAt" is null and ph."deletedAt" is null and pr."deletedAt" is null
             and pr.id in (select pu."programId" from purchases pu where pu."userId" = ?))
      order by pr."orderIndex", pr.id, ph."orderIndex", ph.id, pa."orderIndex", pa.id, c."orderIndex", c.id`,
    [memberId, memberId],
  );
  return rows;
}
