import type { XmlElement } from "../xml";

/**
 * Conditional processing (SVG 2, "Conditional processing"): an element whose conditions fail is
 * not drawn, and a `<switch>` draws the first of its children whose conditions pass. The import
 * reads as a user agent of English ("en") that supports no extensions.
 */

/** The user's language, as a language tag; "en-GB", "en-US" and "en" all match it. */
const USER_LANGUAGE = "en";

/**
 * Whether an element's conditions pass: `requiredExtensions` names extensions (none are
 * supported, and an empty list fails too); `systemLanguage` lists language tags, one of which
 * must be the user's language or begin with it and a hyphen (an empty list fails).
 * `requiredFeatures` was dropped by SVG 2 and passes, as it does in browsers.
 */
export function conditionsPass(element: XmlElement): boolean {
  if (element.attributes.has("requiredExtensions")) return false;
  const languages = element.attributes.get("systemLanguage");
  return languages === undefined || languageMatches(languages);
}

export function languageMatches(list: string): boolean {
  return list.split(",").some((entry) => {
    const tag = entry.trim().toLowerCase();
    return tag === USER_LANGUAGE || tag.startsWith(`${USER_LANGUAGE}-`);
  });
}
