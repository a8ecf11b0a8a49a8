/** Ends a script on an error it expects (a tool that failed, a missing file): its message, not a stack. */
export function exitWith(error: unknown): never {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
