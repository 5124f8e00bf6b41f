// The categories an admin can choose are exactly the public filters after "Todos", and each
// filter link selects its category: read from the pages themselves, with JavaScript on and off.
import { expect, test } from "@playwright/test";
import { signIn } from "./admin-helpers";

const sections = [
  { admin: "/admin/portfolio?novo", page: "/portfolio", filter: "Filtrar por categoria" },
  { admin: "/admin/window-films-portfolio?novo", page: "/window-films", filter: "Filtrar vídeos por categoria" },
];

for (const section of sections) {
  test(`every category of ${section.admin} is a filter of ${section.page}, and nothing else`, async ({ page }) => {
    await signIn(page, section.admin);
    // With JavaScript the address changes as the sign-in's navigation commits: wait for the form's list.
    await expect(page.locator('select[name="category"] option[value]:not([value=""])').first()).toBeAttached();
    const options = (await page.locator('select[name="category"] option').evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value))).filter(
      Boolean,
    );
    expect(options.length).toBeGreaterThan(1);

    await page.goto(section.page);
    const filters = page.getByRole("navigation", { name: section.filter }).getByRole("link");
    await expect(filters).toHaveText(["Todos", ...options]);

    for (const category of options) {
      await page.goto(`${section.page}?${new URLSearchParams({ categoria: category })}`);
      await expect(page.getByRole("navigation", { name: section.filter }).getByRole("link", { name: category, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
    }
  });
}
