// With JavaScript, what runs after the page loaded raises no Content-Security-Policy violation
// either: a form's validation in the browser (zod must not try to evaluate code) and the blog's
// Visual editor (it must not inject a <style> element). Violations are counted from the browser's
// own `securitypolicyviolation` events: an evaluation that is refused and caught logs nothing.
import { expect, test, type Page } from "@playwright/test";
import { formReady, signIn } from "./admin-helpers";

async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportViolation(text: string): void }).__reportViolation(
        `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

test("validating the contact form and editing a post in the Visual view raise no policy violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/contato");
  const form = page.getByRole("main").locator("form");
  await form.getByLabel("E-mail").fill("ana-sem-arroba");
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(form.getByText("Informe um e-mail válido")).toBeVisible();

  await signIn(page, "/admin/blog");
  await formReady(page);
  await page.locator('textarea[name="content"]').fill("<p>Um parágrafo.</p>");
  await page.getByRole("group", { name: "Modo de edição do conteúdo" }).getByRole("button", { name: "Visual", exact: true }).click();
  await expect(page.locator('[data-rich-text] [role="textbox"]')).toContainText("Um parágrafo.");
  await page.locator('[name="title"]').fill("Título");
  expect(violations).toEqual([]);
});
