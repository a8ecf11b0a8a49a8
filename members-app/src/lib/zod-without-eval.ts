/**
 * zod compiles object parsers with `new Function` after probing once whether it may. Our
 * Content-Security-Policy forbids eval, and the browser reports even the refused probe as a violation
 * (Lighthouse counts it). Told `jitless` before its first parse, zod skips the probe and parses without
 * compiling. zod itself loads later, with the first screen that validates, so the setting goes on the
 * global object zod reads its configuration from (`z.config` writes the same object).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
