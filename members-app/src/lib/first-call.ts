/**
 * A GET that a first screen makes as soon as the app starts: its address and the contracts module that
 * describes its answer. The entry (main.tsx) sends the call and loads the module before the app's own
 * code has arrived; the api function asks the same address with the same module's schema, and takes
 * the answer on its way (early-answers.ts). Free of React and zod: the entry holds only what it needs.
 */
export type FirstCall<M> = { url: string; contract: () => Promise<M> };
