import type { Context } from 'koa';

/**
 * What `npm start` tells its gateway once the pages are built (over the IPC channel it starts the
 * gateway with). A gateway started any other way serves the pages from the start.
 */
export const PAGES_READY_MESSAGE = 'pages-ready';

/** Whether the pages can be served: at once without a parent to wait for, else once the parent says so. */
export function pagesReadyFromParent(): () => boolean {
  if (!process.send) return () => true;
  let ready = false;
  process.on('message', (message) => {
    if (message === PAGES_READY_MESSAGE) ready = true;
  });
  // The channel alone never keeps the gateway running.
  process.channel?.unref();
  return () => ready;
}

const RETRY_SECONDS = 3;

/**
 * While the pages are still being built: a calm 503 that says so and reloads itself, never a 404 for a
 * page that is about to exist.
 */
export function answerStarting(ctx: Context): void {
  ctx.status = 503;
  ctx.set('Retry-After', String(RETRY_SECONDS));
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html';
  ctx.body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_SECONDS}">
<meta name="color-scheme" content="dark">
<title>Starting...</title>
<style>
  html { background: #0b1026; color: #e8e6f0; font: 1.125rem/1.5 system-ui, sans-serif; }
  main { max-width: 32rem; margin: 20vh auto 0; padding: 0 1.25rem; text-align: center; }
  h1 { font-size: 1.5rem; font-weight: 500; }
</style>
</head>
<body>
<main>
<h1>Starting...</h1>
<p role="status">Sleep Ritual is getting its pages ready. This page will refresh by itself in a moment.</p>
</main>
</body>
</html>
`;
}
