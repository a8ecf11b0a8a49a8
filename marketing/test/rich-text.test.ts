import { describe, expect, it } from 'vitest';
import { boldSegments, paragraphsOf } from '../src/components/rich-text.ts';

describe('rich text of the content modules', () => {
  it('renders text wrapped in ** as bold', () => {
    expect(boldSegments('You are **not** alone, **truly**.')).toEqual([
      { text: 'You are ', bold: false },
      { text: 'not', bold: true },
      { text: ' alone, ', bold: false },
      { text: 'truly', bold: true },
      { text: '.', bold: false },
    ]);
  });

  it('leaves text without markers as one plain segment', () => {
    expect(boldSegments('Plain words')).toEqual([{ text: 'Plain words', bold: false }]);
  });

  it('starts a new paragraph at each blank line', () => {
    expect(paragraphsOf('First.\n\nSecond\nstill second.\n\n\nThird.')).toEqual([
      'First.',
      'Second\nstill second.',
      'Third.',
    ]);
  });
});
