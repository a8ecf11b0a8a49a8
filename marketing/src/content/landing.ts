/**
 * The sales landing page's copy, section by section in the order the page shows them (spec §2,
 * Sales landing page and Page sections). Text wrapped in ** renders bold; a blank line starts a
 * new paragraph.
 */

import { fastActionBonus, ritualBonuses, ritualNights } from '@sleep-ritual/contracts/demo-programme';
import { price } from './offer.ts';

export const hero = {
  header: 'Quiet Your Racing Mind and Sleep Deeply in Just 6 Nights',
  subheader:
    'A guided sleep meditation ritual for overthinkers: six tracks of 15 to 20 minutes that you play in bed, lights off, while your nervous system learns how to stand down.',
  soYouCan: 'So you can...',
  benefits: [
    'Fall asleep in minutes instead of lying awake replaying the day',
    'Stop the 3 a.m. thought spirals before they take hold',
    'Wake up clear-headed, steady and ready for the day',
    'Keep a calming practice that finally sticks, because it happens as you fall asleep',
  ],
  button: 'Start the 6 Night Program',
  imageAlt: '',
} as const;

export type SplitIllustration = 'racing-mind' | 'abandoned-apps' | 'heavy-morning';

export type ImageTextSection = {
  id: string;
  header: string;
  body: string;
  illustration: SplitIllustration;
  illustrationAlt: string;
  /** Present when the section ends with a button; its label defaults to "Get Started". */
  button?: { label?: string; href: string };
};

export const DEFAULT_SPLIT_BUTTON = 'Get Started';

export const problemSections: readonly ImageTextSection[] = [
  {
    id: 'racing-mind',
    header: "You're exhausted. So why won't your mind switch off?",
    body:
      "You get into bed tired, and the moment your head touches the pillow your brain starts its night shift: **the unanswered email, the thing you said in that meeting, tomorrow's list**. An hour later you are still awake, working out how much sleep you'll get if you drop off right now.\n\n" +
      "That isn't a lack of discipline. It's a nervous system stuck in alert mode, one that has forgotten how to stand down when the lights go out.",
    illustration: 'racing-mind',
    illustrationAlt: 'A person lying awake in bed at 2:47 a.m. as thoughts swirl above the pillow',
  },
  {
    id: 'abandoned-apps',
    header: "You've tried the apps. The habit never sticks.",
    body:
      'Breathing apps, sleep stories, a meditation streak that lasted nine days. Each of them asks for **one more thing to fit into an already full day**, and when life gets busy the practice is the first thing to go.\n\n' +
      "It isn't you. A habit that needs a new slot in your schedule is fragile. A habit attached to something you already do every single night — going to bed — is not.",
    illustration: 'abandoned-apps',
    illustrationAlt: 'A phone full of meditation apps with a broken nine-day streak',
  },
  {
    id: 'heavy-morning',
    header: 'A bad night becomes a bad day',
    body:
      'Short, broken sleep leaves you **foggy, reactive and running on caffeine**. Small things land harder, focus slips by mid-afternoon, and by evening you are too wired to rest — so the cycle starts again.\n\n' +
      'Breaking it does not take an hour of meditation a day. It takes a few calm minutes at the right moment: the ones just before you fall asleep.',
    illustration: 'heavy-morning',
    illustrationAlt: 'A tired morning scene with a coffee cup and a grey cloud over an alarm clock',
    button: { href: '/join-now' },
  },
];

export const founders = {
  header: 'Why We Created This',
  subtitle: 'From burnout to one recording that changed my nights — Maya Lennox, co-founder',
  imageAlt: 'Illustration of Maya sitting by a moonlit window with a cup of tea, headphones around her neck',
  body:
    'Four years ago I was running a team of twelve, answering messages at midnight and telling everyone I was fine. I was not fine. I would fall into bed exhausted and then lie there for two hours while my mind **replayed every conversation of the day and rehearsed every conversation of the next one**.\n\n' +
    'I tried everything people recommend. Meditation apps, journaling, no screens after nine. I kept each one up for about a week. The problem was never knowing what to do; it was finding the energy to do one more thing at the end of a day that had already taken everything.\n\n' +
    'The turning point was almost accidental. A friend who teaches breathwork recorded a twenty-minute sleep meditation for me on her phone. No app, no streak, no plan: I just pressed play in bed with the lights off. **I was asleep before it finished.** The next night, the same. By the end of the week I noticed I was falling asleep faster, my heart was no longer pounding when I lay down, and the mental spirals that used to run until 2 a.m. had gone quiet.\n\n' +
    'The mornings surprised me most. I felt **more focused and less reactive** — I could sit through a difficult meeting without my shoulders creeping up to my ears. Regulating my nervous system at night changed how I showed up during the day.\n\n' +
    'My co-founder Daniel and I spent the next two years turning that one recording into a ritual anyone can follow: six nights, each with its own purpose, built on breathing and relaxation techniques with solid research behind them and paced to match the way your brain actually winds down. We made it for the person I was then: tired, sceptical and out of room for another habit.\n\n' +
    'If that sounds like you, I would love for you to try it tonight.',
  button: 'Start Your 6-Night Sleep Ritual →',
} as const;

export const sleepRitual = {
  header: 'Introducing The 6-Night Sleep Meditation Ritual',
  body: [
    'Six nights. Six guided tracks. One simple ritual you do lying down.',
    'Each evening you press play, close your eyes and let a 15 to 20 minute meditation walk your body and mind from alert to at rest.',
    'No streaks to keep and no extra time to find: just the few minutes before sleep that you already have.',
  ],
  lines: [
    '6 guided audio tracks, one for each night',
    '15 to 20 minutes each, made to be heard as you drift off',
    'Headphones optional: your phone speaker on the nightstand works too',
    `Lifetime access for a one-time payment of ${price.sale}`,
  ],
  button: `Start Your Sleep Ritual → ${price.sale}`,
} as const;

export type Track = { label: string; title: string; minutes: number; description: string };

export const whatYouGet = {
  header: 'What You Get',
  intro: 'Six nights, each building on the one before, and yours to return to whenever you need them.',
  // The members area's own classes (the demo seed reads the same list), so what is sold is what is delivered.
  tracks: ritualNights.map(({ label, title, description, durationMinutes }): Track => ({
    label,
    title,
    description,
    minutes: durationMinutes,
  })),
  extras: [
    'Lifetime access to all six tracks, on any phone, tablet or computer',
    'Three bonuses, plus the fast-action bonus when you join within 60 minutes',
    `A one-time payment of ${price.sale} — no subscription, no repeat billing`,
  ],
  button: '✨ Start Reprogramming While You Sleep ✨',
} as const;

export type Benefit = { title: string; body: string };

export const DEFAULT_BENEFITS_BUTTON = 'Yes! I Want to Experience the Shift';
export const DEFAULT_BENEFITS_CONCLUSION =
  'This is the first method that combines ✨ Brain science ✨ Energy work ✨ Habit design – all inside your actual sleep schedule.';

export const whyItWorks: { header: string; intro: string; items: readonly Benefit[] } = {
  header: 'Why It Works',
  intro:
    'Nothing mystical, nothing to believe in. Just the right practice at the moment your mind is most ready for it.',
  items: [
    {
      title: 'It meets your brain where it already is',
      body: 'As you drift off, your brain moves from fast, busy activity into slower, more receptive states. Each track is paced to follow that descent instead of fighting it.',
    },
    {
      title: 'It calms the body first',
      body: 'Slow, exhale-led breathing and progressive muscle relaxation engage the "rest and digest" side of your nervous system, so heart rate and tension drop before the mind is asked to follow.',
    },
    {
      title: 'It gives spirals somewhere to go',
      body: 'Noticing and labelling practices drawn from mindfulness-based approaches loosen repetitive thoughts instead of arguing with them.',
    },
    {
      title: 'It moves your energy out of your head',
      body: 'Body-scan and breath-focus work draws attention down into the body, releasing the held energy that keeps you wired when you are tired.',
    },
    {
      title: 'It is built like a habit, not a chore',
      body: 'Same time, same place, same cue: the ritual rides on something you already do every night, so it takes no willpower to keep.',
    },
  ],
};

export const useCases = {
  header: 'Use It Whenever You Need It',
  intro:
    'After the first six nights, the tracks become a toolkit you can reach for on the nights that matter.',
  items: [
    'The night before a big presentation, exam or interview',
    "After a hard conversation you can't stop replaying",
    'When you wake at 3 a.m. and your mind starts racing',
    "Jet lag, a shift change or a new baby's upside-down schedule",
    'Sunday nights, when the week ahead already feels heavy',
    'Any night you simply want to fall asleep feeling looked after',
  ],
} as const;

export const whoItIsFor = {
  header: "Who It's For",
  intro: 'The ritual was made for busy, stressed and sceptical people. It is for you if:',
  items: [
    'Your mind gets loudest the moment your head hits the pillow',
    'You feel "wired but tired" in the evenings, or anxious at bedtime',
    "You've started meditation apps before and never kept them up",
    "You don't have a spare hour a day for a wellness routine",
    "You're new to meditation: no experience is needed",
    'You want calm that carries into your mornings, not just your nights',
  ],
  note: 'The ritual supports healthy sleep; it is not a medical treatment. If you live with a diagnosed sleep disorder, keep working with your doctor.',
} as const;

export const howItFits = {
  header: 'How It Fits Into Your Night',
  intro: 'No new time slot, no special room. The ritual starts where your evening already ends.',
  steps: [
    {
      title: 'Get into bed as usual',
      body: 'Brush your teeth, dim the lights, lie down. Nothing to prepare.',
    },
    {
      title: "Press play on tonight's track",
      body: 'Open your members area on your phone, choose the night and put the screen face down.',
    },
    {
      title: 'Close your eyes and follow along',
      body: '15 to 20 minutes of guided breathing, body relaxation and calming imagery.',
    },
    {
      title: "Drift off — that's allowed",
      body: 'Falling asleep before the end means it is working. The track fades out softly on its own.',
    },
    {
      title: 'Wake up and notice',
      body: 'Give it six nights in a row, then keep your favourite track as your nightly anchor.',
    },
  ],
} as const;

export const bonuses = {
  header: 'Plus, Three Bonuses to Deepen the Ritual',
  // The bonuses as the members area holds them (programme 1's "Your Bonuses" phase).
  items: ritualBonuses.map(({ label, title, description }) => ({ label, title, body: description })),
  // The members area delivers it to every buyer (programme 1's "Your Fast-Action Bonus" phase).
  fastAction: {
    label: fastActionBonus.label,
    title: fastActionBonus.title,
    body: `${fastActionBonus.description} It is yours free when you join within 60 minutes of opening this page.`,
    timerLabel: 'Fast-action bonus ends in',
  },
} as const;

export const beforeAfter = {
  header: 'Before and After the Ritual',
  before: {
    title: 'Before',
    items: [
      'Lying awake for an hour or more, willing yourself to sleep',
      "Replaying conversations and rehearsing tomorrow's worries",
      'Waking up groggy and already behind',
      'Snapping at small things by mid-afternoon',
      'Meditation as one more chore you keep skipping',
    ],
  },
  after: {
    title: 'After 6 nights',
    items: [
      'Drifting off during the track, often before it ends',
      'A mind that knows how to set the day down',
      'Waking clear-headed and rested',
      'More patience, focus and steadiness through the day',
      'A 20-minute ritual you actually look forward to',
    ],
  },
} as const;

export const closing = {
  header: 'Your Calmer Nights Can Start Tonight',
  body: 'Six nights from now, bedtime can feel like relief instead of a battle. Join today for a one-time payment and keep the ritual for life.',
  priceNote: 'One-time payment · No subscription · Lifetime access',
  button: 'Start the 6 Night Program',
} as const;

export const faqSection = {
  header: 'Frequently Asked Questions',
  button: 'Start Your Journey',
} as const;
