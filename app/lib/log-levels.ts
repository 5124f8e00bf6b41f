// The log levels an operator may choose with LOG_LEVEL, shared by the environment's validation
// and the logger (which reads the variable itself: it is loaded before and apart from the app).
export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL as the logger uses it: `info` when unset or not a level (the server refuses to start on a bad one first). */
export function logLevelOf(value: string | undefined): LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value ?? "") ? (value as LogLevel) : "info";
}
