// `npm start`: install what is missing, build the production app, serve it on port 8080.
import { ensureNodeModules, run } from "./ensure.mjs";

ensureNodeModules();
if (run("npm", ["run", "build", "--silent"]) !== 0) process.exit(1);
await import("./serve.mjs");
