// The logo strip's load failure: the home page still renders, without the strip, and the failure
// is logged under the text operators search for, "Error loading logos" (one structured line, with
// the error).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { db } from "~/lib/db.server";
import { loader as homeLoader } from "~/routes/_site._index";
import { expectErrorOutput } from "../helpers/error-trap";
import { getRequest, routeArgs } from "../helpers/request";

afterEach(() => vi.restoreAllMocks());

describe("home page: the client logos cannot be read", () => {
  it("logs 'Error loading logos' (with the error) and hides the strip", async () => {
    await db.clientLogo.create({ data: { clientName: "Logo Visível", logoUrl: "/visivel.png", orderIndex: 0 } });
    try {
      const logged = expectErrorOutput();
      vi.spyOn(db.clientLogo, "findMany").mockRejectedValueOnce(new Error("no such table: client_logos"));
      const result = (await homeLoader(routeArgs(getRequest("/")))) as DataWithResponseInit<{ sections: { html: string } }>;
      expect(result.data.sections.html).not.toContain("TEMOS A CONFIANÇA DE + DE 200 MARCAS NO MERCADO");
      const lines = logged().filter((line) => line.msg === "Error loading logos");
      expect(lines).toHaveLength(1);
      expect(String((lines[0]!.err as Error).message)).toContain("no such table: client_logos");
    } finally {
      await db.clientLogo.deleteMany({ where: { clientName: "Logo Visível" } });
    }
  });
});
