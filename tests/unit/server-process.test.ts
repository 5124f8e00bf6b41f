// `npm start` (the production command, and the Docker image's) runs the server with the same Node
// flags as every script and test that starts the production server.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { productionServerArgs, SERVER_NODE_FLAGS } from "../../scripts/lib/server-process.ts";

it("npm start passes the production server's Node flags", () => {
  const { scripts } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
  expect(scripts.start).toContain(`exec node ${SERVER_NODE_FLAGS.join(" ")} server/index.ts`);
  expect(productionServerArgs().slice(0, -1)).toEqual(SERVER_NODE_FLAGS);
  expect(productionServerArgs().at(-1)).toMatch(/\/server\/index\.ts$/);
});
