// Structured logs: one JSON object per line on stdout (errors on stderr), always with a level,
// a message and, for anything tied to a request, its request id.
type Level = "info" | "warn" | "error";

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + "\n";
  (level === "error" ? process.stderr : process.stdout).write(line);
}

/** The fields that describe an error in a log line: its message and stack, never lost. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
