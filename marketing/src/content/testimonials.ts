import { product } from './offer.ts';

/**
 * Testimonials (spec §3: title, imagePath, optional imagePathMobile). Each quote is drawn as a
 * "screenshot" card at build time, in a desktop and a mobile composition.
 * Sample stories for the launch build: replace them with members' own words before going live.
 */
export type Testimonial = {
  slug: string;
  title: string;
  quote: string;
  name: string;
  detail: string;
};

export type TestimonialCarousel = { id: string; label: string; items: readonly Testimonial[] };

export const testimonialsHeader = `Why People Love ${product.name}`;

export const testimonialCarousels: readonly TestimonialCarousel[] = [
  {
    id: 'stories',
    label: 'Member stories',
    items: [
      {
        slug: 'dream-job-travel-lifestyle',
        title: 'Dream Job + Travel Lifestyle',
        quote:
          'I used to lie awake until 2 a.m. rehearsing job interviews in my head. By night four I was asleep before the track ended. I walked into the interview for my dream role actually rested — and now I work remotely, splitting my year between Lisbon and home.',
        name: 'Priya S.',
        detail: 'Product designer',
      },
      {
        slug: 'big-promotion-after-failure',
        title: 'A Big Promotion After Failure',
        quote:
          'After a project I led fell apart, every night became a replay of what went wrong. Night 3 gave me a way to set it down. Sleeping properly again, I stopped reacting and started leading, and six months later I got the promotion I had been passed over for.',
        name: 'Marcus T.',
        detail: 'Engineering manager',
      },
      {
        slug: 'asleep-before-the-end',
        title: 'Asleep Before the Track Ends',
        quote:
          'Twenty years of taking an hour or more to fall asleep. On the second night I did not hear the end of the track. I genuinely did not think that was possible for me.',
        name: 'Helen R.',
        detail: 'Teacher',
      },
    ],
  },
  {
    id: 'first-week',
    label: 'Notes from the first week',
    items: [
      {
        slug: 'no-more-3am-spirals',
        title: 'No More 3 a.m. Spirals',
        quote:
          'I still wake up some nights, but now I know what to do with my breath and my thoughts. I am back asleep in minutes instead of scrolling until dawn.',
        name: 'Daniela M.',
        detail: 'Nurse on rotating shifts',
      },
      {
        slug: 'calm-mornings',
        title: 'Calmer Mornings, Calmer Home',
        quote:
          'The surprise was the mornings. I am less snappy with the kids and I get through the school run without feeling like I am already behind.',
        name: 'Tom W.',
        detail: 'Father of three',
      },
      {
        slug: 'first-habit-kept',
        title: 'The First Habit I Have Kept',
        quote:
          'I have downloaded every meditation app there is and kept none of them. This one works because I do not have to find the time — I just press play when I get into bed.',
        name: 'Aisha K.',
        detail: 'Founder, two-person studio',
      },
    ],
  },
];
