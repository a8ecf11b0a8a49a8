/** The addresses of "Your Programs" (spec 000 §2). */
export const MY_PROGRAMS_PATHS = ['/my-programs', '/programs/my-programs'];

/** Whether the address is "Your Programs", with or without a trailing slash (as the router matches it). */
export const isMyProgramsPath = (pathname: string) => MY_PROGRAMS_PATHS.includes(pathname.replace(/\/$/, ''));
