import { describe, expect, it } from 'vitest';
import { learnerDay, shouldAsk } from './check-in-day.ts';

// The test runner's zone is the browser's here; local times are built with the local constructor.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);
const night = (listenedAt: Date) => ({ classId: 7, listenedAt: listenedAt.toISOString() });

describe('when the morning check-in asks', () => {
  it("asks on a later day of the learner's clock, not the same night", () => {
    const heard = night(at(24, 22, 15));
    expect(shouldAsk(heard, at(24, 23, 50), null)).toBe(false);
    expect(shouldAsk(heard, at(25, 1, 0), null)).toBe(false);
    expect(shouldAsk(heard, at(25, 7, 30), null)).toBe(true);
    expect(shouldAsk(heard, at(27, 20, 0), null)).toBe(true);
  });

  it('a night heard after midnight belongs to the evening before', () => {
    expect(learnerDay(at(25, 0, 30))).toBe(learnerDay(at(24, 21, 0)));
    expect(shouldAsk(night(at(25, 0, 30)), at(25, 7, 0), null)).toBe(true);
  });

  it('"Not now" hides that night until the next day', () => {
    const heard = night(at(24, 22, 0));
    const notNow = { classId: 7, day: learnerDay(at(25, 7, 0)) };
    expect(shouldAsk(heard, at(25, 12, 0), notNow)).toBe(false);
    expect(shouldAsk(heard, at(26, 7, 0), notNow)).toBe(true);
    expect(shouldAsk(heard, at(25, 12, 0), { ...notNow, classId: 8 })).toBe(true);
  });
});
