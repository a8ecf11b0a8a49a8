import type { Tonight } from '@sleep-ritual/contracts/catalog';
import type { Knex } from '@sleep-ritual/platform/db';
import { listOwnedJourneyClasses, type JourneyClassRow } from '../data/learner-journey.ts';

type Deps = { db: Knex };

type JourneyClass = {
  isUnlocked: boolean;
  progress: { maxPositionSec: number; completed: boolean } | null;
};

/**
 * The class to listen to next among classes in order: the first one in progress (started, not
 * completed), else the first not completed, else the first again as a repeat. Locked classes are never
 * chosen. The path page and "Tonight" both use this rule.
 */
export function nextClass<T extends JourneyClass>(classes: T[]): { item: T; repeat: boolean } | undefined {
  const open = classes.filter((item) => item.isUnlocked);
  const inProgress = open.find(
    (item) => item.progress && !item.progress.completed && item.progress.maxPositionSec > 0,
  );
  if (inProgress) return { item: inProgress, repeat: false };
  const notCompleted = open.find((item) => !item.progress?.completed);
  if (notCompleted) return { item: notCompleted, repeat: false };
  return open[0] && { item: open[0], repeat: true };
}

const withProgress = (row: JourneyClassRow) => ({
  ...row,
  progress:
    row.maxPositionSec === null
      ? null
      : { maxPositionSec: row.maxPositionSec, completed: row.completed ?? false },
});

/** "Tonight" for every owned programme that has a class open to the learner, in programme order. */
export async function listTonight({ db }: Deps, userId: number): Promise<Tonight[]> {
  const byProgram = new Map<number, ReturnType<typeof withProgress>[]>();
  for (const row of await listOwnedJourneyClasses(db, userId)) {
    const classes = byProgram.get(row.programId) ?? [];
    classes.push(withProgress(row));
    byProgram.set(row.programId, classes);
  }
  const tonight: Tonight[] = [];
  for (const [programId, classes] of byProgram) {
    const next = nextClass(classes);
    if (!next) continue;
    const { item, repeat } = next;
    const onPath = classes.filter((other) => other.pathId === item.pathId);
    tonight.push({
      programId,
      pathId: item.pathId,
      classId: item.id,
      label: item.label,
      title: item.title,
      durationMinutes: item.durationMinutes,
      inProgress: !repeat && !!item.progress && !item.progress.completed && item.progress.maxPositionSec > 0,
      repeat,
      completedCount: onPath.filter((other) => other.progress?.completed).length,
      classCount: onPath.length,
    });
  }
  return tonight;
}
