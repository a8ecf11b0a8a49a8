import { myProgramsRoutes } from '@sleep-ritual/contracts/app-routes';

/** Whether the address is "Your Programs", with or without a trailing slash (as the router matches it). */
export const isMyProgramsPath = (pathname: string) => myProgramsRoutes.includes(pathname.replace(/\/$/, ''));
