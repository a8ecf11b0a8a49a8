import type { Tonight } from '@sleep-ritual/contracts/catalog';
import type { Knex } from '@sleep-ritual/platform/db';
import { byProgram, listOwnedJourneyClasses, nextClass } from '@sleep-ritual/learning/learner-journey';

type Deps = { db: Knex };

/**
 * "Tonight" for every owned programme that has a class open to the learner (or one about to open), in
 * programme order. The rule is `nextClass` of learning's learner-journey, which the reminders use too.
 */
export async function listTonight({ db }: Deps, userId: number): Promise<Tonight[]> {
  const tonight: Tonight[] = [];
  for (const [programId, classes] of byProgram(await listOwnedJourneyClasses(db, userId))) {
    const next = nextClass(classes);
    if (!next) continue;
    const { item, repeat, upcoming } = next;
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
      opensAt: upcoming && item.opensAt ? item.opensAt.toISOString() : null,
      listenAgain: upcoming
        ? onPath
            .filter((other) => other.isUnlocked)
            .map((other) => ({ classId: other.id, label: other.label, title: other.title }))
        : [],
      completedCount: onPath.filter((other) => other.progress?.completed).length,
      classCount: onPath.length,
    });
  }
  return tonight;
}
