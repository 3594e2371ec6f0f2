import type * as Embed from "../src/embed";

declare global {
  interface Window {
    /** The embed module, loaded by the fixture pages. */
    embed?: typeof Embed;
    /** An engine a fixture test started itself. */
    engine?: Embed.Engine;
    /** Anything a test records inside the page. */
    record?: unknown[];
  }
}
