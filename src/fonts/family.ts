/**
 * The typeface Linework ships (Inter, SIL Open Font License), served with the app: new text is
 * set in it, so it looks the same on every machine, and its outlines can be exported as paths.
 */
export const BUNDLED_FAMILY = "Inter";

/** The default font-family list of new text: the shipped face first, then the system's. */
export const DEFAULT_TEXT_FAMILY = `${BUNDLED_FAMILY}, system-ui, sans-serif`;
