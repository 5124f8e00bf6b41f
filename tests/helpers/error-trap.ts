// An error written during a test fails the test, unless the test says it means it: a
// `console.error` (React's warnings, a stray debug line) or an error-level line of the app's logger
// (a failure the code caught and logged, which a passing assertion may otherwise hide).
// tests/helpers/vitest-setup.ts installs the trap around every test.
import { afterEach, beforeEach, vi, type MockInstance } from "vitest";
import { logger } from "../../app/lib/logger.server.ts";

let expected = false;
let spies: MockInstance[] = [];
let loggedErrors: MockInstance<(fields: Record<string, unknown>, msg: string) => void>;

/**
 * For a test that makes the app log an error on purpose (a simulated database failure...).
 * Returns a reader of the error lines the logger was given so far in this test (fields and `msg`).
 */
export function expectErrorOutput(): () => Array<Record<string, unknown>> {
  expected = true;
  return () => loggedErrors.mock.calls.map(([fields, msg]) => ({ ...fields, msg }));
}

export function installErrorTrap(): void {
  // The log lines themselves stay quiet in tests: an unexpected error is shown by the failure
  // below, and an expected one is noise. The calls are recorded all the same.
  logger.level = "silent";
  beforeEach(() => {
    expected = false;
    loggedErrors = vi.spyOn(logger, "error") as unknown as typeof loggedErrors;
    spies = [vi.spyOn(console, "error"), loggedErrors];
  });
  afterEach(() => {
    const calls = spies.flatMap((spy) => spy.mock.calls);
    for (const spy of spies) spy.mockRestore();
    if (calls.length > 0 && !expected) {
      const shown = calls.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
      throw new Error(`Unexpected error output (call expectErrorOutput() in a test that means it):\n${shown.join("\n")}`);
    }
  });
}
