/** Night-sky pictures shown when a programme or path has no image of its own (public/images). */
const base = `${import.meta.env.BASE_URL}images/`;

export const fallbackImages = {
  programCard: `${base}program-card-fallback.svg`,
  programCover: `${base}program-cover-fallback.svg`,
  pathCard: `${base}path-card-fallback.svg`,
  pathCover: `${base}path-cover-fallback.svg`,
} as const;

/**
 * The picture a programme's card shows: its own, or the night sky. ProgramCard shows it, and the entry
 * asks for the first card's early (app/first-screen.ts).
 */
export const programCardPicture = (cardImageUrl: string | null): string =>
  cardImageUrl || fallbackImages.programCard;
