import { db, dbReady } from "~/lib/db.server";
import { errorFields, log } from "../lib/logger.server.ts";

// Liveness and readiness: 200 when the database answers, 503 when it does not.
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await dbReady;
    await db.$queryRawUnsafe("SELECT 1");
    return Response.json({ status: "ok", database: "up" }, { headers });
  } catch (error) {
    log("error", "healthz: database unreachable", errorFields(error));
    return Response.json({ status: "error", database: "down" }, { status: 503, headers });
  }
}
