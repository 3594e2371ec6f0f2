import { mountLinework, type Linework } from "./embed";

declare global {
  interface Window {
    /** The running program, for automation and the browser console. */
    linework?: Linework;
  }
}

const parent = document.getElementById("app");
if (parent === null) throw new Error("index.html must hold an element with id 'app'");

// The setting: ?aspect=16:9 (or A4, 4:3, window) pins the ratio for this page.
const aspect = new URLSearchParams(window.location.search).get("aspect") ?? undefined;

mountLinework(parent, aspect === undefined ? {} : { aspectRatio: aspect }).then(
  (app) => {
    window.linework = app;
  },
  () => {
    // The engine has already shown the failure over the canvas; nothing more to say here.
  },
);
