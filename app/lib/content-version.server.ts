// A single counter bumped by every admin write. Each server instance compares it with the
// version its page cache was built at, so a change made through one instance shows on all.
import { db } from "./db.server.ts";

export async function bumpContentVersion(): Promise<void> {
  await db.contentVersion.upsert({
    where: { id: 1 },
    create: { id: 1, version: 1 },
    update: { version: { increment: 1 } },
  });
}

export async function currentContentVersion(): Promise<number> {
  const row = await db.contentVersion.findUnique({ where: { id: 1 } });
  return row?.version ?? 0;
}
