import { EN, type Catalogue, type MessageKey } from "./en";

export type { MessageKey } from "./en";

/** Catalogues by language; a language without one, or a missing key, falls back to English. */
const CATALOGUES: Readonly<Record<string, Catalogue>> = { en: EN };

/** "de_DE.UTF-8" → "de-DE"; the C and POSIX locales → "en". */
export function localeFromLang(lang: string): string {
  const base = lang.split(".")[0] ?? "";
  if (base === "" || base === "C" || base === "POSIX") return "en";
  const tag = base.replace("_", "-");
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? "en";
  } catch {
    return "en";
  }
}

export interface Messages {
  readonly locale: string;
  t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string;
  /** A number as the locale writes it, e.g. "1.234,5" in German. */
  number(value: number, maximumFractionDigits?: number): string;
  /** Without grouping, for fields a person edits ("1234,5", never "1.234,5"). */
  plain(value: number, maximumFractionDigits?: number): string;
}

export function createMessages(lang: string): Messages {
  const locale = localeFromLang(lang);
  const language = locale.split("-")[0] ?? "en";
  const catalogue = CATALOGUES[language] ?? EN;
  const formats = new Map<number, Intl.NumberFormat>();
  const number = (value: number, digits = 2): string => {
    let format = formats.get(digits);
    if (format === undefined) {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      formats.set(digits, format);
    }
    return format.format(value);
  };
  const plainFormats = new Map<number, Intl.NumberFormat>();
  const plain = (value: number, digits = 2): string => {
    let format = plainFormats.get(digits);
    if (format === undefined) {
      format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: false });
      plainFormats.set(digits, format);
    }
    return format.format(value);
  };
  return {
    locale,
    number,
    plain,
    t(key, params) {
      const template = catalogue[key] ?? EN[key];
      if (params === undefined) return template;
      return template.replace(/\{(\w+)\}/g, (match, name: string) => {
        const value = params[name];
        if (value === undefined) return match;
        return typeof value === "number" ? number(value) : value;
      });
    },
  };
}
