import type { Command, CommandRegistry } from "../editing/commands";
import type { ChromeState } from "./chromeState";
import type { UnsavedGuard } from "./dialogs/unsavedGuard";
import type { DocumentActions } from "./services";

/** What File → New, Open and Recover use; absent when the page has no document library. */
export interface DocumentCommandHost {
  readonly documents: DocumentActions;
  readonly guard: UnsavedGuard;
}

/**
 * The commands the chrome itself provides. One already registered elsewhere is left as it is.
 * Focus mode belongs to the program ("view.focusMode"), which toggles the shared ChromeState.
 */
export function registerChromeCommands(
  commands: CommandRegistry,
  chrome: ChromeState,
  host?: DocumentCommandHost,
): () => void {
  const own: Command[] = [
    ...(host ? documentCommands(chrome, host) : []),
    {
      id: "view.palette",
      label: "Command palette",
      category: "view",
      shortcuts: [{ code: "KeyK", mod: true }, { key: "/" }],
      run: () => {
        chrome.openDialog("palette");
        // The field takes the keyboard a render later; what is typed meanwhile is its text.
        chrome.beginTypingAhead(
          commands.divertKeys((press) =>
            chrome.typeAhead({
              key: press.key,
              ctrl: press.modifiers.ctrl,
              meta: press.modifiers.meta,
            }),
          ),
        );
      },
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

function documentCommands(
  chrome: ChromeState,
  { documents, guard }: DocumentCommandHost,
): Command[] {
  const hasLibrary = (): boolean => documents.library() !== null;
  return [
    {
      id: "file.new",
      label: "New",
      category: "file",
      // Ctrl+N belongs to the browser (a new window); Alt keeps it ours.
      shortcuts: [{ code: "KeyN", mod: true, alt: true }],
      enabled: hasLibrary,
      run: () => {
        guard
          .request((discardUnsaved) => documents.newDocument({ discardUnsaved }))
          .catch((error: unknown) => documents.report(error));
      },
    },
    {
      id: "file.openLibrary",
      label: "Open from library…",
      category: "file",
      enabled: hasLibrary,
      run: () => chrome.openDialog("openLibrary"),
    },
    {
      id: "file.recover",
      label: "Recover…",
      category: "file",
      enabled: hasLibrary,
      run: () => chrome.openDialog("recover"),
    },
  ];
}
