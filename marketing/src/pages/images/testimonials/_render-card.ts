import type { Testimonial } from '../../../content/testimonials.ts';

/**
 * Draws a testimonial as a night-mode "message screenshot": the member's initials, name and detail,
 * five stars, the story's title and the quote. Desktop is wide; mobile is tall with larger text.
 */
export type CardLayout = 'desktop' | 'mobile';

export const CARD_SIZES: Record<CardLayout, { width: number; height: number }> = {
  desktop: { width: 960, height: 600 },
  mobile: { width: 540, height: 760 },
};

const LAYOUT = {
  desktop: { pad: 56, bubblePad: 36, titleSize: 30, textSize: 23, lineHeight: 36, header: 150 },
  mobile: { pad: 32, bubblePad: 28, titleSize: 30, textSize: 24, lineHeight: 37, header: 166 },
} as const;

/** Average glyph width of the system sans-serif, as a share of the font size. */
const GLYPH_WIDTH = 0.5;

export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 2)
    .toUpperCase();
}

function star(cx: number, cy: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}"/>`;
}

export function renderTestimonialCard(testimonial: Testimonial, layout: CardLayout): string {
  const { width, height } = CARD_SIZES[layout];
  const { pad, bubblePad, titleSize, textSize, lineHeight, header } = LAYOUT[layout];
  const bubbleWidth = width - pad * 2;
  const textWidth = bubbleWidth - bubblePad * 2;
  const titleLines = wrapText(testimonial.title, Math.floor(textWidth / (titleSize * 0.62)));
  const quoteLines = wrapText(`“${testimonial.quote}”`, Math.floor(textWidth / (textSize * GLYPH_WIDTH)));
  const titleStep = titleSize + 8;
  const titleGap = 24;
  // The text block sits in the middle of a bubble that fills the card, whatever the quote's length.
  const bubbleHeight = height - header - 70;
  const textHeight = titleLines.length * titleStep + titleGap + quoteLines.length * lineHeight;
  const titleTop = header + Math.max(bubblePad, (bubbleHeight - textHeight) / 2) + titleSize;
  const quoteTop = titleTop + (titleLines.length - 1) * titleStep + titleGap + lineHeight;
  const starsX = layout === 'desktop' ? width - pad - 150 : pad + 4;
  const starsY = layout === 'desktop' ? 78 : 128;
  const nameY = layout === 'desktop' ? 76 : 70;

  const stars = Array.from({ length: 5 }, (_, i) => star(starsX + 14 + i * 30, starsY, 12)).join('');
  const title = titleLines
    .map(
      (line, i) =>
        `<tspan x="${pad + bubblePad}" y="${Math.round(titleTop + i * titleStep)}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const quote = quoteLines
    .map(
      (line, i) =>
        `<tspan x="${pad + bubblePad}" y="${Math.round(quoteTop + i * lineHeight)}">${escapeXml(line)}</tspan>`,
    )
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#141b47"/><stop offset="1" stop-color="#0b1030"/></linearGradient>
<linearGradient id="bubble" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a3685"/><stop offset="1" stop-color="#222c6c"/></linearGradient>
<linearGradient id="avatar" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c3caff"/><stop offset="1" stop-color="#f2b8c6"/></linearGradient>
</defs>
<rect width="${width}" height="${height}" rx="28" fill="url(#bg)"/>
<g fill="#ffffff" opacity="0.5"><circle cx="${width * 0.82}" cy="34" r="1.6"/><circle cx="${width * 0.64}" cy="22" r="1.1"/><circle cx="${width * 0.93}" cy="${height * 0.9}" r="1.3"/><circle cx="${width * 0.08}" cy="${height * 0.94}" r="1.2"/></g>
<circle cx="${pad + 32}" cy="${nameY - 6}" r="32" fill="url(#avatar)"/>
<text x="${pad + 32}" y="${nameY + 3}" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="24" font-weight="700" fill="#0b1030">${escapeXml(initials(testimonial.name))}</text>
<text font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" fill="#eef0ff">
<tspan x="${pad + 80}" y="${nameY - 12}" font-size="24" font-weight="700">${escapeXml(testimonial.name)}</tspan>
<tspan x="${pad + 80}" y="${nameY + 18}" font-size="19" fill="#c9cff0">${escapeXml(testimonial.detail)}</tspan>
</text>
<g fill="#f3d58c">${stars}</g>
<rect x="${pad}" y="${header}" width="${bubbleWidth}" height="${bubbleHeight}" rx="26" fill="url(#bubble)"/>
<text font-family="'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif" font-size="${titleSize}" font-weight="700" fill="#fbe9bd">${title}</text>
<text font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="${textSize}" fill="#eef0ff">${quote}</text>
<text x="${pad}" y="${height - 32}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="18" fill="#a9b1dc">☾ Shared with the Sleep Ritual community</text>
</svg>
`;
}

/** Where the build writes a testimonial's screenshot (the [slug].svg route beside this file). */
export function testimonialImage(
  slug: string,
  layout: CardLayout,
): { src: string; width: number; height: number } {
  return { src: `/images/testimonials/${slug}-${layout}.svg`, ...CARD_SIZES[layout] };
}
