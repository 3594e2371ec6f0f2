import type { Command, CommandRegistry } from "../app/commands";
import type { ChromeState } from "./chromeState";

/**
 * The commands the chrome itself provides. One already registered elsewhere is left as it is.
 * Focus mode belongs to the program ("view.focusMode"), which toggles the shared ChromeState.
 */
export function registerChromeCommands(commands: CommandRegistry, chrome: ChromeState): () => void {
  const own: Command[] = [
    {
      id: "view.palette",
      label: "Command palette",
      category: "view",
      shortcuts: [{ code: "KeyK", mod: true }, { key: "/" }],
      run: () => chrome.openDialog("palette"),
    },
    {
      id: "help.shortcuts",
      label: "Keyboard shortcuts",
      category: "help",
      shortcuts: [{ key: "?" }],
      run: () => chrome.openDialog("shortcuts"),
    },
    {
      id: "help.about",
      label: "About Linework",
      category: "help",
      run: () => chrome.openDialog("about"),
    },
  ];
  return commands.register(own.filter((command) => commands.get(command.id) === undefined));
}
