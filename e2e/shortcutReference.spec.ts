import { expect, test } from "@playwright/test";
import { formatBinding } from "../src/editing/commands";
import { ariaShortcuts, PANEL_SHORTCUTS } from "../src/ui/dialogs/panelShortcuts";
import { addRects, openApp } from "./support";

// The shortcut reference lists the keys of the panels' rows as well as the commands, and they are
// the keys the rows declare.

test("the shortcut reference lists the layers and pages panels' keys, as their rows declare", async ({
  page,
}) => {
  await openApp(page);
  await expect(page.getByRole("toolbar", { name: "Tools" })).toBeVisible();
  expect(await addRects(page, ["a"])).toBe(true);
  const mac = await page.evaluate(() => /Mac|iPhone|iPad/.test(navigator.platform));

  const declared: Record<string, string | null> = {
    layers: await page
      .getByRole("list", { name: "Layers" })
      .locator("[data-node='a'] [aria-keyshortcuts]")
      .getAttribute("aria-keyshortcuts"),
    pages: await page
      .getByRole("list", { name: "Pages" })
      .locator("[aria-keyshortcuts]")
      .first()
      .getAttribute("aria-keyshortcuts"),
  };

  await page.getByRole("button", { name: "Help" }).click();
  await page.getByRole("menuitem", { name: /Keyboard shortcuts/ }).click();
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  for (const group of PANEL_SHORTCUTS) {
    expect(declared[group.panel], `${group.panel} rows' aria-keyshortcuts`).toBe(
      ariaShortcuts(group),
    );
    const section = dialog.locator(`[data-panel='${group.panel}']`);
    await expect(section.getByRole("heading")).toHaveText(group.title);
    await expect(section.locator("[data-panel-shortcut]")).toHaveCount(group.shortcuts.length);
    for (const shortcut of group.shortcuts) {
      const row = section.locator(`[data-panel-shortcut='${shortcut.id}']`);
      await expect(row.locator("dt")).toHaveText(shortcut.label);
      await expect(row.locator("kbd")).toHaveText(formatBinding(shortcut.binding, mac));
    }
  }
  // What a user reads for the layers panel, spelled out: Alt with each arrow.
  const layerKeys = dialog.locator("[data-panel='layers'] kbd");
  await expect(layerKeys).toHaveText(
    mac ? ["⌥↑", "⌥↓", "⌥←", "⌥→"] : ["Alt+↑", "Alt+↓", "Alt+←", "Alt+→"],
  );
  // Panel rows are not commands: the command rows stay one per registered command.
  const count = await page.evaluate(() => window.linework!.commands.list().length);
  await expect(dialog.locator("[data-command]")).toHaveCount(count);
});
