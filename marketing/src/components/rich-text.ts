/** Copy conventions of the content modules: a blank line starts a paragraph, **text** is bold. */
export type RichSegment = { text: string; bold: boolean };

export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

export function boldSegments(text: string): RichSegment[] {
  return text
    .split(/\*\*(.+?)\*\*/g)
    .map((part, index) => ({ text: part, bold: index % 2 === 1 }))
    .filter((segment) => segment.text !== '');
}
