/**
 * The program's environment variables, as the specification's last paragraph gives them: a web
 * user with a home under /home, and the language taken from the browser.
 */
export interface ProgramEnvironment {
  readonly USER: string;
  readonly LOGNAME: string;
  readonly PATH: string;
  readonly PWD: string;
  readonly HOME: string;
  readonly LANG: string;
  readonly _: string;
}

export const WEB_USER = "web_user";

/** `en-US` → `en_US.UTF-8`; an empty or odd tag falls back to the C locale. */
export function localeFromLanguage(language: string | undefined): string {
  const tag = (language ?? "").trim();
  if (!/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/.test(tag)) return "C.UTF-8";
  const [lang, ...rest] = tag.split(/[-_]/);
  const region = rest.find((part) => /^[A-Za-z]{2}$|^[0-9]{3}$/.test(part));
  const base = (lang ?? "").toLowerCase();
  return region ? `${base}_${region.toUpperCase()}.UTF-8` : `${base}.UTF-8`;
}

export function programEnvironment(language: string | undefined): ProgramEnvironment {
  return Object.freeze({
    USER: WEB_USER,
    LOGNAME: WEB_USER,
    PATH: "/",
    PWD: "/",
    HOME: `/home/${WEB_USER}`,
    LANG: localeFromLanguage(language),
    _: "./linework",
  });
}
