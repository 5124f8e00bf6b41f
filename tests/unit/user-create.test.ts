// `npm run user:create -- --email E --password P [--role administrador|editor|atendimento] [--admin]`, run as an operator would.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { db, dbReady } from "~/lib/db.server";

const root = join(import.meta.dirname, "../..");

function userCreate(...args: string[]) {
  return spawnSync(process.execPath, [join(root, "scripts/user-create.ts"), ...args], {
    cwd: root,
    env: process.env,
    encoding: "utf8",
  });
}

describe("user:create", () => {
  it.each([
    [["--email", "not-an-email", "--password", "senha-forte-123"], "invalid e-mail address"],
    [["--email", "ana@exemplo.com.br", "--password", "curta"], "password too short"],
    [["--email", "ana@exemplo.com.br", "--password", "aaaaaaaaaaaa"], "password too weak"],
    [["--email", "ana@exemplo.com.br", "--password", "ana@exemplo.com.br"], "password too weak"],
    [["--email", "ana@exemplo.com.br", "--password", "ç".repeat(40)], "password too long"],
    [["--password", "senha-forte-123"], "missing --email"],
    [["--email", "ana@exemplo.com.br"], "missing --password"],
    [
      ["--email", "ana@exemplo.com.br", "--password", "senha-forte-123", "--role", "root"],
      'perfil inválido: "root". Use --role administrador, editor ou atendimento.',
    ],
    [["--email", "ana@exemplo.com.br", "--password", "senha-forte-123", "--role", "constructor"], 'perfil inválido: "constructor"'],
    [["--email", "ana@exemplo.com.br", "--password", "senha-forte-123", "--role", "editor", "--admin"], "--admin é o mesmo que --role administrador"],
    [["--email", "ana@exemplo.com.br", "--password", "senha-forte-123", "--cargo", "editor"], "Unknown option '--cargo'"],
  ])("refuses %j with a clear message and exit 2", async (args, message) => {
    const run = userCreate(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain("usage: npm run user:create");
    await dbReady;
    expect(await db.user.count()).toBe(0);
  });

  it("creates a user without roles, then updates the password and adds the admin role", async () => {
    const created = userCreate("--email", "Ana@Exemplo.com.br", "--password", "senha-forte-123");
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain("ana@exemplo.com.br created (no roles)");
    const user = await db.user.findUniqueOrThrow({ where: { email: "ana@exemplo.com.br" }, include: { roles: true } });
    expect(user.roles).toEqual([]);
    expect(await bcrypt.compare("senha-forte-123", user.passwordHash!)).toBe(true);

    await db.session.create({ data: { id: "sessao-antiga", userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) } });
    const updated = userCreate("--email", "ana@exemplo.com.br", "--password", "outra-senha-456", "--admin");
    expect(updated.status, updated.stderr).toBe(0);
    expect(updated.stdout).toContain("ana@exemplo.com.br updated (roles: admin)");
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id }, include: { roles: true } });
    expect(after.roles.map((r) => r.role)).toEqual(["admin"]);
    expect(await bcrypt.compare("outra-senha-456", after.passwordHash!)).toBe(true);
    expect(await bcrypt.compare("senha-forte-123", after.passwordHash!)).toBe(false);
    // A new password signs the user out everywhere.
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.user.count()).toBe(1);
  }, 120_000);

  it("--role gives the one role on the team (the names as the team page shows them); the last active administrator keeps theirs", async () => {
    const roleOf = async (email: string) => (await db.userRole.findMany({ where: { user: { email } } })).map((r) => r.role);
    expect(userCreate("--email", "bia@exemplo.com.br", "--password", "senha-forte-123", "--role", "Editor").status).toBe(0);
    expect(await roleOf("bia@exemplo.com.br")).toEqual(["editor"]);
    const changed = userCreate("--email", "bia@exemplo.com.br", "--password", "senha-forte-123", "--role", "atendimento");
    expect(changed.stdout).toContain("(roles: atendimento)");
    expect(await roleOf("bia@exemplo.com.br")).toEqual(["atendimento"]);
    expect(userCreate("--email", "bia@exemplo.com.br", "--password", "senha-forte-123", "--role", "administrador").status).toBe(0);
    expect(await roleOf("bia@exemplo.com.br")).toEqual(["admin"]);
    // Bia is now the only active administrator (Ana, from the test above, has none): she stays one.
    await db.userRole.deleteMany({ where: { role: "admin", user: { email: { not: "bia@exemplo.com.br" } } } });
    const demoted = userCreate("--email", "bia@exemplo.com.br", "--password", "senha-forte-123", "--role", "editor");
    expect(demoted.status).toBe(1);
    expect(demoted.stderr).toContain("bia@exemplo.com.br é o último administrador ativo e continua Administrador.");
    expect(await roleOf("bia@exemplo.com.br")).toEqual(["admin"]);
    // --admin is --role administrador.
    expect(userCreate("--email", "caio@exemplo.com.br", "--password", "senha-forte-123", "--admin").status).toBe(0);
    expect(await roleOf("caio@exemplo.com.br")).toEqual(["admin"]);
  }, 120_000);
});
