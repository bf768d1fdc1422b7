/**
 * Where log lines go: readable lines (pino-pretty, in pino's worker thread) when a person watches a
 * terminal, one JSON object a line otherwise (a file, a container's log collector).
 */
export function logTransport(stdout: { isTTY?: boolean } = process.stdout) {
  if (!stdout.isTTY) return undefined;
  return { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } };
}
