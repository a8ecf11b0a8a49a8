/** Night-sky pictures shown when a programme or path has no image of its own (public/images). */
const base = `${import.meta.env.BASE_URL}images/`;

export const fallbackImages = {
  programCard: `${base}program-card-fallback.svg`,
  programCover: `${base}program-cover-fallback.svg`,
  pathCard: `${base}path-card-fallback.svg`,
  pathCover: `${base}path-cover-fallback.svg`,
} as const;

/** What an image shows: its own picture, or the night-sky fallback when it has none. */
export const pictureOr = (src: string | null | undefined, fallback: string): string => src || fallback;
