import { describe, expect, it } from "vitest";
import { TOOL_IDS } from "../../src/editing/settings";
import { TOOL_FACTORIES } from "../../src/tools";
import { TOOLS } from "../../src/tools/catalog";
import { createMessages } from "../../src/ui/i18n";

describe("the tool catalogue", () => {
  it("declares each tool once, in the order of TOOL_IDS, and everything follows from it", () => {
    expect(TOOLS.map((tool) => tool.id)).toEqual([...TOOL_IDS]);
    const messages = createMessages("en");
    for (const tool of TOOLS) {
      expect(typeof TOOL_FACTORIES[tool.id]).toBe("function");
      expect(messages.t(`tool.${tool.id}`)).toBe(tool.label);
    }
  });

  it("keeps Edit gradient off the toolbar: the properties panel and G reach it", () => {
    const offToolbar = TOOLS.filter((tool) => "toolbar" in tool).map((tool) => tool.id);
    expect(offToolbar).toEqual(["gradient"]);
  });
});
