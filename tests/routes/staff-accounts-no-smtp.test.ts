// Without SMTP_URL: the team page offers each invitation or reset link to copy, the message goes
// to the server log outside production, and in production nothing is logged (a log holding
// sign-in links would let whoever reads the logs in).
import { describe, expect, it, vi } from "vitest";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { sendMail } from "~/lib/mail.server";
import { action as teamAction, loader as teamLoader } from "~/routes/admin.equipe";
import { loader as forgotLoader } from "~/routes/admin_.esqueci-senha";
import { call, signedIn } from "./admin-fixtures";
import { formRequest, getRequest } from "../helpers/request";
import { logger } from "../../app/lib/logger.server.ts";

const message = {
  to: "x@agencia.com.br",
  subject: "Assunto",
  paragraphs: ["Olá"],
  link: { label: "Abrir", url: "http://localhost:3000/admin/convite/abc" },
  footer: "Fim",
};

describe("without SMTP", () => {
  it("the team page says so and offers the invitation link to copy", async () => {
    const { cookie } = await signedIn();
    const page = (await call(teamLoader as never, getRequest("/admin/equipe", { cookie }))) as unknown as { emailConfigured: boolean };
    expect(page.emailConfigured).toBe(false);
    const log = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const invited = (await call(teamAction as never, formRequest("/admin/equipe", { intent: "invite", email: "copiar@agencia.com.br" }, { cookie }))) as {
      data: { link: { url: string; email: string } };
    };
    expect(invited.data.link.email).toBe("copiar@agencia.com.br");
    expect(invited.data.link.url).toMatch(/^http:\/\/localhost:3000\/admin\/convite\/[A-Za-z0-9_-]{43}$/);
    // Outside production the message (with its link) is in the server log.
    expect(JSON.stringify(log.mock.calls)).toContain(invited.data.link.url);
    log.mockRestore();
    expect(await db.user.findUniqueOrThrow({ where: { email: "copiar@agencia.com.br" } })).toMatchObject({ passwordHash: null });
  });

  it("in production nothing is logged, and the forgotten-password page says to ask another admin", async () => {
    const log = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const mode = env.NODE_ENV;
    Object.assign(env, { NODE_ENV: "production" });
    try {
      expect(await sendMail(message)).toBe(false);
      expect(log).not.toHaveBeenCalled();
      expect(await forgotLoader({} as never)).toEqual({ canEmail: false });
    } finally {
      Object.assign(env, { NODE_ENV: mode });
      log.mockRestore();
    }
    expect(await forgotLoader({} as never)).toEqual({ canEmail: true });
  });
});
