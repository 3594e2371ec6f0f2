import { describe, expect, it } from "vitest";
import { createMessages, localeFromLang } from "../../src/ui/i18n";

describe("messages", () => {
  it("takes the locale from LANG", () => {
    expect(localeFromLang("de_DE.UTF-8")).toBe("de-DE");
    expect(localeFromLang("C.UTF-8")).toBe("en");
    expect(localeFromLang("")).toBe("en");
    expect(localeFromLang("fr.UTF-8")).toBe("fr");
  });

  it("falls back to English text and formats numbers per locale", () => {
    const de = createMessages("de_DE.UTF-8");
    expect(de.t("tool.rect")).toBe("Rectangle");
    expect(de.number(1234.5)).toBe("1.234,5");
    expect(de.t("status.selection", { count: 10000 })).toBe("10.000 selected");
    expect(createMessages("en_US.UTF-8").number(1234.5)).toBe("1,234.5");
    expect(de.plain(1234.5)).toBe("1234,5");
  });
});
