/**
 * The demo programme's nights and bonuses, as the sales pages sell them and as the demo seed delivers
 * them: one list, so the two can never drift apart. Plain data without zod, because the marketing site
 * reads it at build time and must stay light.
 */

export type RitualNight = {
  label: string;
  title: string;
  description: string;
  durationMinutes: number;
};

export const ritualNights: readonly RitualNight[] = [
  {
    label: 'Night 1',
    title: 'Arriving: Letting the Day Go',
    description:
      'A slow body scan that sets down the conversations, screens and to-do lists of the day, so your mind stops rehearsing and starts resting.',
    durationMinutes: 16,
  },
  {
    label: 'Night 2',
    title: 'The Breath That Slows the Heart',
    description:
      'Long, easy exhales that lower your heart rate and switch the body from alert to safe. You will use this breath for the rest of the programme.',
    durationMinutes: 18,
  },
  {
    label: 'Night 3',
    title: 'Unwinding the Mental Spiral',
    description:
      'For the nights your thoughts loop. Gentle noting and counting give the busy mind a place to rest until the spiral loosens on its own.',
    durationMinutes: 17,
  },
  {
    label: 'Night 4',
    title: 'Body of Warm Light',
    description:
      'A visualisation of warmth moving from your feet to the crown of your head, releasing the tension you carry in the jaw, shoulders and belly.',
    durationMinutes: 20,
  },
  {
    label: 'Night 5',
    title: 'Rewriting the Inner Voice',
    description:
      'As you drift off, kind and steady affirmations replace the critical voice that keeps you awake, at the moment the mind is most open to them.',
    durationMinutes: 19,
  },
  {
    label: 'Night 6',
    title: 'Waking Clear: Anchoring the Ritual',
    description:
      'The closing night ties the practice together and anchors it to your bedtime, so the calm you built keeps working long after the sixth night.',
    durationMinutes: 15,
  },
];

/** A written guide: where the members area links to it, and its text. */
export type RitualGuide = {
  path: string;
  buttonLabel: string;
  intro: string;
  sections: readonly { heading: string; items: readonly string[] }[];
  closing: string;
};

export type RitualBonus = {
  label: string;
  title: string;
  description: string;
  durationMinutes: number;
  /** Present when the bonus is something to read rather than to listen to. */
  guide?: RitualGuide;
};

export const sleepSanctuaryChecklist: RitualGuide = {
  path: '/guides/sleep-sanctuary-checklist',
  buttonLabel: 'Read the Checklist',
  intro:
    'Your bedroom can do half the work of the ritual for you. Go through this list once, fix what is easy tonight and the rest over the week. Nothing here needs to be perfect: every item you tick makes the next night a little easier.',
  sections: [
    {
      heading: 'Light',
      items: [
        'Dim the lights in the hour before bed; use lamps rather than ceiling lights.',
        'Make the room dark enough that you cannot see your hand at arm’s length: blackout blinds or a soft eye mask.',
        'Cover or turn away standby lights and glowing chargers.',
        'In the morning, open the curtains or step outside within half an hour of waking: daylight sets tonight’s sleepiness.',
      ],
    },
    {
      heading: 'Temperature',
      items: [
        'Keep the room cool, around 16 to 19 °C (60 to 67 °F).',
        'Choose breathable bedding, and keep a light blanket within reach instead of turning up the heat.',
        'A warm shower an hour before bed helps: your body cools afterwards, which signals sleep.',
      ],
    },
    {
      heading: 'Screens',
      items: [
        'Set a screen curfew 30 to 60 minutes before lights out, and charge your phone across the room.',
        'If you use your phone for the ritual, turn on night mode and do-not-disturb, press play and put it face down.',
        'Keep work out of the bedroom: no laptop in bed, no last look at your inbox.',
      ],
    },
    {
      heading: 'Sound',
      items: [
        'Notice what wakes you: traffic, a partner’s snoring, a ticking clock. Deal with the biggest one first.',
        'Soft foam earplugs or a steady fan or white-noise sound can mask sudden noises.',
        'Headphones are optional for the ritual: the phone speaker on the nightstand at low volume works well.',
      ],
    },
    {
      heading: 'The hour before bed',
      items: [
        'Go to bed and get up at about the same time every day, weekends included.',
        'No caffeine after early afternoon, and keep alcohol light: it shortens deep sleep.',
        'Write tomorrow’s three most important things on paper, so your mind does not have to hold them.',
        'Then get into bed, open tonight’s track and let the ritual take it from there.',
      ],
    },
  ],
  closing:
    'Come back to this list whenever your sleep slips: a changed season, a new job or a trip is often all it takes for one item to need attention again.',
};

export const ritualBonuses: readonly RitualBonus[] = [
  {
    label: 'Bonus 1',
    title: 'The 3-Minute Wind-Down Breath',
    description:
      'A short audio practice for the minutes before bed, or any moment in the day your chest feels tight.',
    durationMinutes: 3,
  },
  {
    label: 'Bonus 2',
    title: 'The Sleep Sanctuary Checklist',
    description:
      'A printable guide to light, temperature, screens and sound, so your bedroom works with the ritual.',
    durationMinutes: 5,
    guide: sleepSanctuaryChecklist,
  },
  {
    label: 'Bonus 3',
    title: 'The Morning Clarity Primer',
    description:
      'A five-minute morning track that carries the calm of the night into the first decisions of your day.',
    durationMinutes: 5,
  },
];

/**
 * The fast-action bonus the sales pages offer for joining within the hour: every buyer of the ritual
 * gets it, in a phase of its own after the bonuses.
 */
export const fastActionBonus: RitualBonus = {
  label: 'Fast-action bonus',
  title: 'The Middle-of-the-Night Reset',
  description: 'A ten-minute track for when you wake at 3 a.m. and cannot get back to sleep.',
  durationMinutes: 10,
};
