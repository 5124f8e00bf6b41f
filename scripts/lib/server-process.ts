// How the production server process is started, by everything that starts one: the demo, the
// bench and load scripts, the browser tests' server and the HTTP-level tests. `npm start` (and the
// Docker image, which runs it) spells the same flags out in package.json; a unit test keeps the two
// in step.
import { join } from "node:path";

/**
 * V8 sizes the young generation from the machine's memory: on a large host each semi-space may
 * grow to 64 MB. Under a crowd, requests in flight keep that space full and the process grew by
 * about 190 MB in the bench's campaign spike; capped at 16 MB it grew by 75–130 MB, with no
 * change in throughput or render time the bench could measure.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"];

const entry = join(import.meta.dirname, "../../server/index.ts");

/** Node's arguments for the production server: its flags, then server/index.ts. */
export function productionServerArgs(): string[] {
  return [...SERVER_NODE_FLAGS, entry];
}
