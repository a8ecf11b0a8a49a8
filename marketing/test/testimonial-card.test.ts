import { describe, expect, it } from 'vitest';
import { testimonialCarousels } from '../src/content/testimonials.ts';
import {
  CARD_SIZES,
  escapeXml,
  renderTestimonialCard,
  testimonialImage,
  wrapText,
} from '../src/pages/images/testimonials/_render-card.ts';

describe('testimonial screenshots', () => {
  it('wraps text at word boundaries within the line length', () => {
    const lines = wrapText('one two three four five six seven', 10);
    expect(lines).toEqual(['one two', 'three four', 'five six', 'seven']);
    expect(lines.every((line) => line.length <= 10)).toBe(true);
  });

  it('escapes markup in the quote', () => {
    expect(escapeXml(`<b>"Tom" & 'Jo'</b>`)).toBe('&#60;b&#62;&#34;Tom&#34; &#38; &#39;Jo&#39;&#60;/b&#62;');
  });

  it('draws every testimonial at its stated size with its title, name and whole quote', () => {
    for (const testimonial of testimonialCarousels.flatMap((carousel) => carousel.items)) {
      for (const layout of ['desktop', 'mobile'] as const) {
        const svg = renderTestimonialCard(testimonial, layout);
        const { width, height } = CARD_SIZES[layout];
        expect(svg).toContain(`width="${width}" height="${height}"`);
        expect(svg).toContain(escapeXml(testimonial.name));
        const drawn = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((match) => match[1]).join(' ');
        expect(drawn).toContain(escapeXml(testimonial.title.split(' ')[0]!));
        expect(drawn.replace(/\s+/g, ' ')).toContain(escapeXml(testimonial.quote).replace(/\s+/g, ' '));
        const lastBaseline = Math.max(
          ...[...svg.matchAll(/<tspan[^>]* y="(\d+)"/g)].map((match) => Number(match[1])),
        );
        expect(lastBaseline).toBeLessThan(height - 70);
      }
    }
  });

  it('names a desktop and a mobile image for each testimonial', () => {
    expect(testimonialImage('calm-mornings', 'mobile')).toEqual({
      src: '/images/testimonials/calm-mornings-mobile.svg',
      width: 540,
      height: 760,
    });
  });
});
