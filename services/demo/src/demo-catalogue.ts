import { fastActionBonus, ritualBonuses, ritualNights } from '@sleep-ritual/contracts/demo-programme';
import {
  demoAudioUrl,
  demoBonusTracks,
  demoFastActionTrack,
  demoNightTracks,
  demoTranscript,
} from './demo-audio.ts';

/** The catalogue the product sells, as the demo database holds it. Ids are fixed: the spec ties the
 * upgrade banner to programme 3. Programme 1's nights and bonuses are the sales pages' own list
 * (contracts/demo-programme). Display orders start at 1, the admin form's minimum (spec 001 §3). */

/** Each night's video and objective, in the order of ritualNights. */
const nightMedia: Pick<
  SeedClass,
  'vimeoVideoId' | 'objective' | 'additionalContentUrl' | 'additionalContentButtonLabel'
>[] = [
  {
    vimeoVideoId: 'https://vimeo.com/76979871',
    objective: 'Signal to the nervous system that the day is over.',
  },
  {
    vimeoVideoId: 'https://vimeo.com/148751763',
    objective: 'Learn the slow-exhale breath that calms the body on demand.',
  },
  {
    vimeoVideoId: 'https://vimeo.com/253989945',
    objective: 'Notice a thought loop and let it pass without following it.',
  },
  {
    vimeoVideoId: 'https://vimeo.com/336812660',
    objective: 'Release held tension through a guided warmth visualisation.',
  },
  {
    vimeoVideoId: 'https://vimeo.com/347119375',
    objective: 'Plant calm, supportive self-talk in the drowsy state before sleep.',
  },
  {
    vimeoVideoId: 'https://vimeo.com/391466478',
    additionalContentUrl: '/my-programs',
    additionalContentButtonLabel: 'Read the Guide',
    objective: 'Make the ritual a habit you keep without effort.',
  },
];

/** The recorded bonuses' videos, by the bonus's place in ritualBonuses (written guides have none). */
const bonusVideos: (string | undefined)[] = [
  'https://vimeo.com/412345690',
  undefined,
  'https://vimeo.com/412345692',
];

type SeedClass = {
  label: string;
  title: string;
  description: string;
  durationMinutes: number;
  vimeoVideoId: string | null;
  /** The night's generated soundscape (media/demo-audio.ts), for listen mode. */
  audioUrl?: string;
  /** The WebVTT transcript of that soundscape (class_transcripts). */
  transcript?: string;
  additionalContentUrl?: string;
  additionalContentButtonLabel?: string;
  objective?: string;
};
type SeedPath = {
  label: string;
  title: string;
  description: string;
  isUnlocked?: boolean;
  classes: SeedClass[];
};
export type SeedPhase = {
  label: string;
  title: string;
  description: string;
  isUnlocked?: boolean;
  /**
   * Also added to a programme seeded before this phase existed, when the programme has no phase of
   * this title (a deleted one counts, so an admin's deletion stays).
   */
  addToExisting?: boolean;
  paths: SeedPath[];
};
export type SeedProgram = {
  id: number;
  title: string;
  label: string;
  description: string;
  format: string;
  programType: 'Full Program' | 'Add On';
  programCardFinePrint: string;
  redirectUrl: string | null;
  orderIndex: number;
  phases: SeedPhase[];
};

export const demoPrograms: SeedProgram[] = [
  {
    id: 1,
    title: 'The 6-Night Sleep Meditation Ritual',
    label: '6 nights · 6 guided tracks',
    description:
      'Six guided tracks, one for each night, that walk your nervous system down from the day you had into deep, unbroken sleep. Each night builds on the last: you learn to let the day go, slow your breath, quiet the mental spiral, soften the body, reshape the voice in your head and wake up clear.',
    format: 'Sleep Ritual',
    programType: 'Full Program',
    programCardFinePrint: 'One-time payment · lifetime access',
    redirectUrl: '/join-now',
    orderIndex: 1,
    phases: [
      {
        label: 'Phase 1',
        title: 'The Ritual',
        description:
          'Press play as you get into bed. Fifteen to twenty minutes, eyes closed, nothing to get right.',
        paths: [
          {
            label: 'Nights 1–6',
            title: 'Six Nights to Deeper Sleep',
            description:
              'Listen to one track a night, in order. If you miss a night, simply pick up where you left off: the ritual waits for you.',
            classes: ritualNights.map((night, index) => {
              const media = nightMedia[index];
              const track = demoNightTracks[index];
              if (!media || !track) throw new Error(`Demo night ${index + 1} has no media or track`);
              return { ...night, ...media, audioUrl: demoAudioUrl(track), transcript: demoTranscript(track) };
            }),
          },
        ],
      },
      {
        label: 'Bonuses',
        title: 'Your Bonuses',
        description: 'Three extras to deepen the ritual, yours to keep alongside the six nights.',
        // Added after the first demo databases were seeded: those get it too (see seedDemo).
        addToExisting: true,
        paths: [
          {
            label: 'Bonuses 1–3',
            title: 'Deepen the Ritual',
            description:
              'A breath for any tense moment, a checklist for your bedroom and a primer for calm mornings.',
            classes: ritualBonuses.map((bonus, index) => {
              const track = demoBonusTracks[index];
              return {
                label: bonus.label,
                title: bonus.title,
                description: bonus.description,
                durationMinutes: bonus.durationMinutes,
                vimeoVideoId: bonus.guide ? null : (bonusVideos[index] ?? null),
                ...(track && { audioUrl: demoAudioUrl(track), transcript: demoTranscript(track) }),
                ...(bonus.guide && {
                  additionalContentUrl: bonus.guide.path,
                  additionalContentButtonLabel: bonus.guide.buttonLabel,
                }),
              };
            }),
          },
        ],
      },
      {
        label: 'Fast-action bonus',
        title: 'Your Fast-Action Bonus',
        description:
          'For joining within the hour, as the sales page promised: a track for the nights you wake.',
        // Added after the first demo databases were seeded: those get it too (see seedDemo).
        addToExisting: true,
        paths: [
          {
            label: fastActionBonus.label,
            title: fastActionBonus.title,
            description: fastActionBonus.description,
            classes: [
              {
                label: fastActionBonus.label,
                title: fastActionBonus.title,
                description: fastActionBonus.description,
                durationMinutes: fastActionBonus.durationMinutes,
                vimeoVideoId: null,
                audioUrl: demoAudioUrl(demoFastActionTrack),
                transcript: demoTranscript(demoFastActionTrack),
              },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 2,
    title: 'Deep Sleep SOS: The 3 a.m. Reset',
    label: 'Add-on · 3 short tracks',
    description:
      'Short tracks for the moment you wake in the night and cannot drift back. No screens to read, no light to turn on: press play and let your breath carry you back down.',
    format: 'Add-On',
    programType: 'Add On',
    programCardFinePrint: 'Add it to your ritual for a one-time $17',
    // Its own checkout: the ritual's sales page would sell an owner the ritual again.
    redirectUrl: 'https://sleepritual.thrivecart.com/deep-sleep-sos/',
    orderIndex: 2,
    phases: [
      {
        label: 'Rescue',
        title: 'Back to Sleep',
        description: 'For waking up too early, or too often.',
        paths: [
          {
            label: 'Tracks 1–3',
            title: 'When You Wake at 3 a.m.',
            description: 'Keep your eyes closed and choose the track that fits the night.',
            classes: [
              {
                label: 'Track 1',
                title: 'Heavy Eyelids',
                description: 'A whispered countdown that lets the body grow heavy again.',
                durationMinutes: 9,
                vimeoVideoId: 'https://vimeo.com/412345678',
              },
              {
                label: 'Track 2',
                title: 'The Worry Shelf',
                description: 'Place each 3 a.m. worry on a shelf until morning, where it belongs.',
                durationMinutes: 10,
                vimeoVideoId: 'https://vimeo.com/412345679',
              },
              {
                label: 'Track 3',
                title: 'Ocean Breathing',
                description: 'Breathe with slow waves until you no longer notice them.',
                durationMinutes: 12,
                vimeoVideoId: 'https://vimeo.com/412345680',
              },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 3,
    title: 'The Full Transformation Program',
    label: '12 months of nightly transformation',
    description:
      'Twelve months of nightly practice that build on the 6-night ritual: deeper sleep, a steadier nervous system and a mind that meets the day clear and focused. A new theme each month, with lifetime access.',
    format: 'Program',
    programType: 'Full Program',
    programCardFinePrint: 'Lifetime access for a one-time $349',
    redirectUrl: '/upgrade',
    orderIndex: 3,
    phases: [
      {
        label: 'Months 1–3',
        title: 'Foundations of Rest',
        description: 'Make deep sleep your default.',
        paths: [
          {
            label: 'Month 1',
            title: 'Sleep as a Skill',
            description:
              'Four weeks of nightly practice that make falling asleep something you know how to do.',
            classes: [
              {
                label: 'Week 1',
                title: 'The Evening Wind-Down',
                description: 'Build the hour before bed into a signal your body trusts.',
                durationMinutes: 18,
                vimeoVideoId: 'https://vimeo.com/512345601',
              },
              {
                label: 'Week 2',
                title: 'Resting Without Trying',
                description: 'Why effort keeps you awake, and how to stop trying to sleep.',
                durationMinutes: 17,
                vimeoVideoId: 'https://vimeo.com/512345602',
              },
            ],
          },
          {
            label: 'Month 2',
            title: 'A Calmer Nervous System',
            description: 'Daytime and night-time practices that lower your baseline stress.',
            isUnlocked: false,
            classes: [
              {
                label: 'Week 5',
                title: 'The Daytime Reset',
                description: 'Two minutes at midday that make the night easier.',
                durationMinutes: 15,
                vimeoVideoId: 'https://vimeo.com/512345605',
              },
            ],
          },
        ],
      },
      {
        label: 'Months 4–6',
        title: 'Rewiring Thought Patterns',
        description: 'Quiet the habits of mind that follow you to bed.',
        isUnlocked: false,
        paths: [
          {
            label: 'Month 4',
            title: 'From Spiral to Stillness',
            description: 'Meet recurring worries with curiosity instead of struggle.',
            isUnlocked: false,
            classes: [
              {
                label: 'Week 13',
                title: 'Naming the Loop',
                description: 'Catch a worry loop early by giving it a name.',
                durationMinutes: 19,
                vimeoVideoId: 'https://vimeo.com/512345613',
              },
            ],
          },
        ],
      },
    ],
  },
];

/** How the checkout's items map to programmes in the demo (ThriveCart purchase-map keys). */
export const demoProductMappings = [
  { externalProductId: 'product-1', programId: 1 },
  { externalProductId: 'bump-1', programId: 2 },
  { externalProductId: 'upsell-1', programId: 3 },
];

export const demoLearner = {
  email: 'demo@sleepritual.example',
  password: 'sleep-well-tonight',
  firstName: 'Maya',
  lastName: 'Rivers',
  ownsProgramIds: [1],
  orderId: 'DEMO-0001',
};
