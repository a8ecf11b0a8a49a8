import type { SleepCheckIn, SleepCheckIns } from '@sleep-ritual/contracts/sleep-check-ins';
import type { Knex } from '@sleep-ritual/platform/db';
import { VISIBLE_CLASS } from '@sleep-ritual/learning/purchase-access';

const NIGHT_COLUMNS = `c.id as "classId", pr.id as "programId", c.label, c.title`;

/**
 * The last night the learner listened to (its furthest position past 0), if it has no answer yet: the
 * one the morning card asks about, with when they last listened to it (see the listenedAt column: not
 * the exit sent when listen mode closes in the morning). An older night left unanswered is not asked
 * about any more.
 */
export async function findPendingCheckIn(db: Knex, userId: number): Promise<SleepCheckIns['pending']> {
  const { rows } = await db
    .raw<{ rows: (NonNullable<SleepCheckIns['pending']> & { answered: boolean })[] }>(
      `select ${NIGHT_COLUMNS}, up."listenedAt",
              exists (select 1 from sleep_check_ins s where s.user_id = up."userId" and s.class_id = c.id) as answered
         from user_progress up
         join ${VISIBLE_CLASS} on c.id = up."classId"
        where up."userId" = ? and up."maxPositionSec" > 0 and up."listenedAt" is not null
          and c."audioUrl" is not null
        order by up."listenedAt" desc
        limit 1`,
      [userId],
    )
    .options({ name: 'check-in-pending' });
  const [row] = rows;
  if (!row || row.answered) return null;
  const { answered: _answered, ...pending } = row;
  return { ...pending, listenedAt: new Date(pending.listenedAt).toISOString() };
}

const ANSWER_COLUMNS = `${NIGHT_COLUMNS}, s.answer, s.quality, s.answered_at as "answeredAt"`;

type AnswerRow = Omit<SleepCheckIn, 'answeredAt'> & { answeredAt: Date };
const toAnswer = ({ answeredAt, ...row }: AnswerRow): SleepCheckIn => ({
  ...row,
  answeredAt: answeredAt.toISOString(),
});

/** Every night the learner answered about, oldest first. */
export async function listCheckIns(db: Knex, userId: number): Promise<SleepCheckIn[]> {
  const { rows } = await db
    .raw<{ rows: AnswerRow[] }>(
      `select ${ANSWER_COLUMNS}
         from sleep_check_ins s
         join ${VISIBLE_CLASS} on c.id = s.class_id
        where s.user_id = ?
        order by s.answered_at, s.id`,
      [userId],
    )
    .options({ name: 'check-in-list' });
  return rows.map(toAnswer);
}

/**
 * Records the learner's answer about a night they listened to, one per night: a second answer keeps
 * the first, and adds a quality when the first had none. Undefined when they never listened to it.
 */
export async function saveCheckIn(
  db: Knex,
  userId: number,
  classId: number,
  input: { answer: string; quality: number | null },
): Promise<SleepCheckIn | undefined> {
  const { rows } = await db.raw<{ rows: AnswerRow[] }>(
    `with saved as (
       insert into sleep_check_ins (user_id, class_id, answer, quality)
       select up."userId", up."classId", ?, ?
         from user_progress up
         join ${VISIBLE_CLASS} on c.id = up."classId"
        where up."userId" = ? and up."classId" = ? and up."maxPositionSec" > 0
       on conflict (user_id, class_id) do update set
         quality = coalesce(sleep_check_ins.quality, excluded.quality)
       returning *
     )
     select ${ANSWER_COLUMNS}
       from saved s
       join ${VISIBLE_CLASS} on c.id = s.class_id`,
    [input.answer, input.quality, userId, classId],
  );
  return rows.map(toAnswer)[0];
}
