/**
 * How many pixels a process decodes at once. A decoded image takes about 4 bytes a pixel (more while it
 * is resized), so four 49-megapixel uploads decoded side by side took the catalog to 670 MB; within
 * the budget, a large image waits until the others are done, and small ones still go side by side.
 * First come, first served, so a large image is never overtaken for ever.
 */
export type PixelBudget = {
  run<T>(pixels: number, work: () => Promise<T>): Promise<T>;
  /** The most pixels decoded at once so far (for the tests and the curious). */
  readonly peak: number;
};

export function pixelBudget(limit: number): PixelBudget {
  let inUse = 0;
  let peak = 0;
  const waiting: { pixels: number; start: () => void }[] = [];
  const startWhatFits = () => {
    for (let next = waiting[0]; next; next = waiting[0]) {
      // One image over the whole budget still runs, alone.
      if (inUse > 0 && inUse + next.pixels > limit) return;
      waiting.shift();
      inUse += next.pixels;
      peak = Math.max(peak, inUse);
      next.start();
    }
  };
  return {
    get peak() {
      return peak;
    },
    async run(pixels, work) {
      await new Promise<void>((start) => {
        waiting.push({ pixels, start });
        startWhatFits();
      });
      try {
        return await work();
      } finally {
        inUse -= pixels;
        startWhatFits();
      }
    },
  };
}
