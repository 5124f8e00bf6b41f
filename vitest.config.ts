import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// Unit and route tests only; Playwright specs (tests/e2e) run under `playwright test`.
// Two projects, both run by `vitest run` (and so by `npm test`):
//   fast  unit and route tests in this process, on the test file's own database: no build, no
//         child process (`npm run test:fast`, the loop to run while working);
//   slow  tests that start processes (the production server from the build, the development
//         server, the operator scripts), the two-instance integration tests and the bad-input suite.
// A test file belongs to "slow" when it starts a process: it imports node:child_process, the
// platform-server helper (the production server) or the webhook-server helper (the chat's webhook
// stand-in, a Node process of its own). No list to keep up to date: a new test that starts a server
// is slow by itself.
const startsProcess = /from "(\.\.\/helpers\/(platform-server|webhook-server)|node:child_process)"/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => join(dir, file));
}

const inProcess = ["tests/unit", "tests/routes"].flatMap(testFiles);
// In-process files whose time goes to waiting, not to the code under test: an S3-protocol server
// (s3rver) for every read and write (the storage suite runs half of itself there), SVG renders in a
// child process with their time bounds, bcrypt timing over many sign-ins, a chat flood against its
// rate limits, and another site's slow and silent servers waited out to their time limit. They
// prove what they prove in the slow project too, and keep the loop to run while working short.
const boundByWaiting = [
  ...["media-library-s3", "media-s3", "media-svg", "admin-auth-timing", "chat-growth", "media-remote"].map((name) => join("tests/routes", `${name}.test.ts`)),
  join("tests/unit", "storage-backends.test.ts"),
];
const spawning = inProcess.filter((file) => startsProcess.test(readFileSync(file, "utf8")) || boundByWaiting.includes(file));

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    globalSetup: ["tests/helpers/vitest-global-setup.ts"],
    setupFiles: ["tests/helpers/vitest-setup.ts"],
    testTimeout: 30_000,
    // Bounds, not expectations: a beforeAll that starts a production server waits up to two minutes
    // for it on a loaded machine (tests/helpers/platform-server.ts).
    hookTimeout: 150_000,
    pool: "forks",
    // One test file more than the cores (Vitest's default is one less): the slow project's files
    // spend part of their time waiting on a server process, a socket or a timer, and left the two
    // cores a quarter idle. On this two-core machine three workers took the SQLite run from 289 s
    // to 237-248 s and the PostgreSQL leg from 152 s to 117 s. Each test file still has its own
    // database, folder and ports, so files never share state.
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        // Worker threads start a test file faster than child processes (the fast project took 73 s
        // against 99 s); the slow project's files start servers and send signals, in processes.
        test: { name: "fast", include: ["tests/unit/**/*.test.ts", "tests/routes/**/*.test.ts"], exclude: spawning, pool: "threads" },
      },
      {
        extends: true,
        test: { name: "slow", include: [...spawning, "tests/integration/**/*.test.ts", "tests/fuzz/**/*.test.ts"] },
      },
    ],
  },
});
