/** Where the generated advances module lives. */
export const OUTPUT: string;
/** The text of src/fonts/advances.ts, generated from the shipped faces. */
export function advancesModule(): string;
