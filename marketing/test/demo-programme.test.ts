import { describe, expect, it } from 'vitest';
import { ritualBonuses, ritualNights } from '@sleep-ritual/contracts/demo-programme';
import { bonuses, whatYouGet } from '../src/content/landing.ts';

// The demo seed's test checks the members area's classes against the same list (services/platform).
describe('what the sales page sells', () => {
  it('"What You Get" lists the six nights of the members area, with their titles, minutes and descriptions', () => {
    expect(whatYouGet.tracks).toEqual(
      ritualNights.map((night) => ({
        label: night.label,
        title: night.title,
        minutes: night.durationMinutes,
        description: night.description,
      })),
    );
    expect(whatYouGet.tracks.map((track) => `${track.label}: ${track.title}`)).toEqual([
      'Night 1: Arriving: Letting the Day Go',
      'Night 2: The Breath That Slows the Heart',
      'Night 3: Unwinding the Mental Spiral',
      'Night 4: Body of Warm Light',
      'Night 5: Rewriting the Inner Voice',
      'Night 6: Waking Clear: Anchoring the Ritual',
    ]);
  });

  it('promises the three bonuses the members area holds', () => {
    expect(bonuses.items.map((bonus) => [bonus.label, bonus.title])).toEqual(
      ritualBonuses.map((bonus) => [bonus.label, bonus.title]),
    );
  });
});
