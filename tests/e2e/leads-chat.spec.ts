// A chat lead in the browser, with JavaScript on and off: the visitor's conversation appears in
// /admin/contatos with its transcript; "Assumir conversa" stops the assistant (the visitor's next
// message gets no assistant answer); the staff reply reaches the visitor's chat under the staff
// member's first name (with JavaScript by the widget's polling, within 5 s; without it through the
// chat's "Atualizar conversa" link); "Devolver ao assistente" brings the assistant back.
import { expect, test, type Page } from "@playwright/test";
import { signIn, unique } from "./admin-helpers";
import { reachForChat } from "./site-helpers";

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookieConsent", value: "accepted", url: baseURL! }]);
});

function chatOf(page: Page) {
  const panel = page.getByRole("region", { name: "Assistente Wind Digital" });
  return { panel, log: panel.getByRole("log"), input: panel.getByPlaceholder("Digite sua mensagem...") };
}

async function say(page: Page, text: string) {
  const { input, panel } = chatOf(page);
  await input.fill(text);
  await panel.getByRole("button", { name: "Enviar mensagem" }).click();
}

test("a chat becomes a lead; taking it over stops the assistant and the staff reply reaches the visitor; hand-back resumes", async ({
  page,
  browser,
  javaScriptEnabled,
}, info) => {
  const marker = unique("Conversa");
  await page.goto("/servicos");
  if (javaScriptEnabled) await reachForChat(page);
  const { log } = chatOf(page);
  await say(page, `Olá, ${marker}`);
  await expect(log.locator('[data-role="assistant"]').last()).toContainText(`Resposta do webhook: Olá, ${marker}`);

  // The staff, in a browser of their own.
  const staffContext = await browser.newContext({ javaScriptEnabled, baseURL: info.project.use.baseURL });
  const staff = await staffContext.newPage();
  try {
    await signIn(staff, `/admin/contatos?tipo=chat&busca=${encodeURIComponent(marker)}`);
    await staff.locator("tr[data-lead]").first().getByRole("link").click();
    const conversation = staff.getByRole("region", { name: "Conversa" });
    await expect(conversation).toContainText(`Olá, ${marker}`);
    await expect(conversation).toContainText(`Resposta do webhook: Olá, ${marker}`);
    await staff.getByRole("button", { name: "Assumir conversa" }).click();
    await expect(staff.getByRole("button", { name: "Devolver ao assistente" })).toBeVisible();

    const answersBefore = await log.locator('[data-role="assistant"]').count();
    await say(page, `Tem alguém aí? ${marker}`);
    await expect(log.locator('[data-role="user"]').last()).toContainText(`Tem alguém aí? ${marker}`);
    await staff.reload();
    await expect(staff.getByRole("region", { name: "Conversa" })).toContainText(`Tem alguém aí? ${marker}`);
    // No assistant answer to the held message.
    await expect(log.locator('[data-role="assistant"]')).toHaveCount(answersBefore);

    await staff.getByLabel("Responder no chat").fill("Oi! Aqui é da equipe, posso ajudar.");
    await staff.getByRole("button", { name: "Enviar resposta" }).click();
    await expect(staff.getByRole("region", { name: "Conversa" }).getByRole("listitem").last()).toContainText("Oi! Aqui é da equipe, posso ajudar.");
    await expect(staff.getByLabel("Responder no chat")).toHaveValue("");

    if (!javaScriptEnabled) await chatOf(page).panel.getByRole("button", { name: "Atualizar conversa" }).click();
    const reply = log.locator('[data-role="assistant"]').filter({ hasText: "Oi! Aqui é da equipe, posso ajudar." });
    await expect(reply).toBeVisible({ timeout: 5_000 });
    await expect(reply).toContainText(", da equipe Wind Digital");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: info.outputPath("visitor-staff-reply-390.png") });
    await staff.setViewportSize({ width: 1280, height: 800 });
    await staff.screenshot({ path: info.outputPath("lead-chat-1280.png"), fullPage: true });

    if (javaScriptEnabled) {
      // A page loaded later in the visit goes on listening, before the visitor writes again.
      await page.reload();
      await reachForChat(page);
      if (!(await chatOf(page).panel.isVisible())) await page.getByRole("button", { name: "Abrir chat com o assistente" }).click();
      await staff.getByLabel("Responder no chat").fill(`Ainda estou aqui, ${marker}`);
      await staff.getByRole("button", { name: "Enviar resposta" }).click();
      await expect(log.locator('[data-role="assistant"]').filter({ hasText: `Ainda estou aqui, ${marker}` })).toBeVisible({ timeout: 5_000 });
    }

    await staff.getByRole("button", { name: "Devolver ao assistente" }).click();
    await expect(staff.getByRole("button", { name: "Assumir conversa" })).toBeVisible();
    await say(page, `Obrigado, ${marker}`);
    await expect(log.locator('[data-role="assistant"]').last()).toContainText(`Resposta do webhook: Obrigado, ${marker}`);
  } finally {
    await staffContext.close();
  }
});
