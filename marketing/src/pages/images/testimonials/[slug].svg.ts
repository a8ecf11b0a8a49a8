import type { APIRoute, GetStaticPaths } from 'astro';
import { testimonialCarousels, type Testimonial } from '../../../content/testimonials.ts';
import { renderTestimonialCard, type CardLayout } from './_render-card.ts';

type Props = { testimonial: Testimonial; layout: CardLayout };

/** Each testimonial's screenshot, drawn at build time in its desktop and mobile compositions. */
export const getStaticPaths = (() =>
  testimonialCarousels
    .flatMap((carousel) => carousel.items)
    .flatMap((testimonial) =>
      (['desktop', 'mobile'] as const).map((layout) => ({
        params: { slug: `${testimonial.slug}-${layout}` },
        props: { testimonial, layout } satisfies Props,
      })),
    )) satisfies GetStaticPaths;

export const GET: APIRoute<Props> = ({ props }) =>
  new Response(renderTestimonialCard(props.testimonial, props.layout), {
    headers: { 'Content-Type': 'image/svg+xml' },
  });
