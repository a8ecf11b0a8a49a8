import { fastActionBonus } from '@sleep-ritual/contracts/demo-programme';
import { price } from './offer.ts';
/** FAQ items (spec §3: id, question, answer). The landing and join-now pages show all twenty. */
export type FaqItem = { id: string; question: string; answer: string };

export const faqItems: readonly FaqItem[] = [
  {
    id: 'different-from-free-apps',
    question: 'How is this different from free meditation and sleep apps?',
    answer:
      'Most apps hand you a library of hundreds of sessions and leave you to build the habit. The ritual is the opposite: six tracks in a set order, each with one job, designed to be played in bed as you fall asleep. There is no streak to keep, no daily slot to find and nothing to choose. You press play on tonight’s track, and that is the whole practice.',
  },
  {
    id: 'science-based',
    question: 'Is the ritual science-based?',
    answer:
      'Yes. The tracks are built on techniques with a solid body of research behind them: slow, exhale-led breathing, progressive muscle relaxation, body scanning and mindfulness-based ways of handling repetitive thoughts. Each one is known to help the body shift into its rest-and-digest state. We combine them in a sequence paced to match how your mind naturally winds down at night.',
  },
  {
    id: 'missing-a-night',
    question: 'What if I miss a night?',
    answer:
      'Nothing breaks. Simply pick up where you left off the next evening. Six nights in a row gives the strongest effect, but the ritual is meant to be kind, not strict: a missed night is not a failure, and there is no streak to lose.',
  },
  {
    id: 'speed-of-results',
    question: 'How quickly will I notice results?',
    answer:
      'Many people feel calmer and fall asleep faster on the first or second night. The deeper changes — quieter thought spirals, steadier mornings, feeling less reactive during the day — usually build over the six nights and keep growing as you return to your favourite tracks. Everyone is different, so give yourself the full six nights before you judge.',
  },
  {
    id: 'one-time-payment',
    question: 'Is this really a one-time payment?',
    answer: `Yes. You pay ${price.sale} once and the ritual is yours for life. There is no subscription, no trial that turns into a charge and no repeat billing of any kind.`,
  },
  {
    id: 'headphones',
    question: 'Do I need headphones?',
    answer:
      'No. Headphones or sleep earbuds can make the experience more immersive, especially if you share a room, but playing the track quietly from your phone’s speaker on the nightstand works beautifully too.',
  },
  {
    id: 'never-meditated',
    question: 'I’ve never meditated before. Is that a problem?',
    answer:
      'Not at all. The ritual was made for beginners and for people who have “failed” at meditation before. Every track is fully guided: you only need to lie down, listen and let yourself drift.',
  },
  {
    id: 'track-length',
    question: 'How long is each track?',
    answer:
      'Each of the six tracks lasts between 15 and 20 minutes, long enough to settle your body and mind, short enough that you will rarely hear the end.',
  },
  {
    id: 'falling-asleep-early',
    question: 'What if I fall asleep before the track ends?',
    answer:
      'That is exactly the point. The tracks are designed to be heard as you fall asleep, and they fade out gently on their own. You do not need to stay awake to benefit.',
  },
  {
    id: 'when-to-listen',
    question: 'When should I listen?',
    answer:
      'In bed, with the lights off, as the last thing you do before sleep. Listening at the same moment each night is what turns the tracks into a ritual your body starts to recognise.',
  },
  {
    id: 'access-after-purchase',
    question: 'How do I get access after I buy?',
    answer:
      'Right after checkout you will receive an email with a link to create your account. Set a password and you can sign in to your members area and start Night 1 straight away.',
  },
  {
    id: 'devices',
    question: 'Which devices can I listen on?',
    answer:
      'Any phone, tablet or computer with a web browser. Your members area works on iPhone and Android as well as on laptops and desktops, and there is no app to install.',
  },
  {
    id: 'access-length',
    question: 'How long will I have access?',
    answer:
      'For life. Once you join, the six tracks and your bonuses stay in your members area for as long as you want them.',
  },
  {
    id: 'repeat-nights',
    question: 'Can I repeat the six nights?',
    answer:
      'As often as you like. Many members run through the six nights again during stressful seasons, and most settle on one or two favourite tracks they play most evenings.',
  },
  {
    id: 'bonuses',
    question: 'What are the bonuses and how do I get them?',
    answer:
      'You receive three bonuses: The 3-Minute Wind-Down Breath, The Sleep Sanctuary Checklist and The Morning Clarity Primer. They appear in your members area alongside the six tracks as soon as your account is ready.',
  },
  {
    id: 'fast-action-bonus',
    question: 'What is the fast-action bonus?',
    answer: `When you join within 60 minutes, you also receive ${fastActionBonus.title}: a ten-minute track for those 3 a.m. wake-ups when your mind starts racing and sleep will not come back.`,
  },
  {
    id: 'night-waking',
    question: 'I wake up in the middle of the night. Will this help?',
    answer:
      'Yes, for many people. The breathing and relaxation skills you learn over the six nights work just as well at 3 a.m. as at bedtime, and the fast-action bonus track was written for exactly that moment.',
  },
  {
    id: 'medical-conditions',
    question: 'Can I use it if I have a sleep condition or take sleep medication?',
    answer:
      'The ritual is a relaxation practice, not a medical treatment, and it is generally gentle enough to use alongside other care. If you have a diagnosed sleep disorder or take medication for sleep, please talk to your doctor before making changes to your routine.',
  },
  {
    id: 'sharing',
    question: 'Can my partner use my account?',
    answer:
      'Each purchase is for one person’s account. That said, if you share a bed, you are very welcome to play a track from the speaker so you can both drift off to it.',
  },
  {
    id: 'refunds',
    question: 'Can I get a refund?',
    answer:
      'Because you receive instant access to the complete digital program, all sales are final and non-refundable, as our Terms of Service explain. If anything is not working for you, write to our support team (the address is at the bottom of every page) and we will help.',
  },
];

/** Questions about the lifetime upgrade, shown on /upgrade. */
export const upgradeFaqItems: readonly FaqItem[] = [
  {
    id: 'upgrade-what-is-it',
    question: 'What is The Full Transformation Program?',
    answer:
      'It is 12 months of nightly transformation: a new guided phase of sleep meditations released month by month, taking the calm you found in six nights into every area of your life — focus, confidence, relationships and resilience.',
  },
  {
    id: 'upgrade-keep-ritual',
    question: 'What happens to my 6-night ritual?',
    answer:
      'You keep it. The six tracks and your bonuses stay in your members area; the upgrade adds the full program alongside them.',
  },
  {
    id: 'upgrade-one-time',
    question: 'Is $349 a one-time payment?',
    answer:
      'Yes. $349 buys lifetime access — no subscription and no repeat billing. The program is regularly $597.',
  },
  {
    id: 'upgrade-coupon',
    question: 'Do I need a coupon code?',
    answer:
      'No. Your lifetime coupon is already included in the checkout link on this page, so the $349 price is applied for you.',
  },
  {
    id: 'upgrade-pace',
    question: 'What if I fall behind?',
    answer:
      'There is no schedule to keep up with. Every phase stays available for life, so you can move at your own pace and return to any night whenever you need it.',
  },
  {
    id: 'upgrade-refunds',
    question: 'Can I get a refund?',
    answer:
      'As with all our programs, sales are final and non-refundable because you receive instant access to digital content. If you have questions before upgrading, our support team is happy to help.',
  },
];
