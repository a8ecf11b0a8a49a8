/**
 * Whether the OTEL_* variables ask for traces: an exporter other than `none`, or an OTLP endpoint to send
 * them to, and the SDK not disabled. An empty variable counts as unset (compose passes `FOO=`).
 */
export function tracingRequested(env: Record<string, string | undefined>): boolean {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '').split(',').map((name) => name.trim().toLowerCase());
  if (exporters.includes('none')) return false;
  return (
    exporters.some((name) => name !== '') ||
    set('OTEL_EXPORTER_OTLP_ENDPOINT') ||
    set('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT')
  );
}

/**
 * `service.name` of a process, from its main module: services/<name>/src/server.ts is
 * `sleep-ritual-<name>`, scripts/<name>.ts is `sleep-ritual-<name>` (OTEL_SERVICE_NAME wins over both).
 */
export function serviceNameOf(main: string): string {
  const parts = main.split(/[\\/]/);
  const services = parts.lastIndexOf('services');
  if (services !== -1 && parts[services + 1] && parts[services + 2] === 'src')
    return `sleep-ritual-${parts[services + 1]}`;
  const file = parts.at(-1)?.replace(/\.[cm]?[jt]s$/, '');
  return file && file !== 'server' ? `sleep-ritual-${file}` : 'sleep-ritual';
}
