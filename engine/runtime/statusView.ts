/**
 * The engine's own status line over the canvas: start-up progress, fatal failures and warnings.
 * It is plain DOM, not part of the program's chrome, because it must work when the program never
 * started or has died, and a failure must never leave a blank canvas.
 */
export class StatusView {
  private readonly element: HTMLDivElement;
  private readonly warnings: HTMLUListElement;

  constructor(parent: HTMLElement) {
    const doc = parent.ownerDocument;
    this.element = doc.createElement("div");
    this.element.className = "engine-status";
    this.element.dataset.engineStatus = "";
    Object.assign(this.element.style, {
      position: "absolute",
      inset: "0",
      display: "none",
      alignItems: "center",
      justifyContent: "center",
      pointerEvents: "none",
      font: "14px/1.4 system-ui, sans-serif",
      color: "#1f2933",
      zIndex: "10",
    } satisfies Partial<CSSStyleDeclaration>);
    this.warnings = doc.createElement("ul");
    this.warnings.setAttribute("aria-label", "Engine warnings");
    Object.assign(this.warnings.style, {
      position: "absolute",
      left: "8px",
      bottom: "8px",
      margin: "0",
      padding: "0",
      listStyle: "none",
      font: "13px/1.4 system-ui, sans-serif",
      zIndex: "10",
    } satisfies Partial<CSSStyleDeclaration>);
    parent.append(this.element, this.warnings);
  }

  showProgress(text: string): void {
    this.show("status", text, "transparent");
  }

  showFailure(title: string, detail: string): void {
    this.show("alert", `${title}\n${detail}`, "rgba(255, 241, 240, 0.96)");
    this.element.style.pointerEvents = "auto";
    this.element.style.whiteSpace = "pre-line";
    this.element.style.color = "#8a1c1c";
  }

  addWarning(text: string): void {
    const item = this.warnings.ownerDocument.createElement("li");
    item.setAttribute("role", "status");
    item.textContent = text;
    Object.assign(item.style, {
      background: "#fff8e1",
      border: "1px solid #e0b200",
      borderRadius: "4px",
      padding: "4px 8px",
      marginTop: "4px",
    } satisfies Partial<CSSStyleDeclaration>);
    this.warnings.append(item);
  }

  hide(): void {
    this.element.style.display = "none";
    this.element.removeAttribute("role");
  }

  get text(): string {
    return this.element.textContent ?? "";
  }

  private show(role: "status" | "alert", text: string, background: string): void {
    this.element.setAttribute("role", role);
    this.element.textContent = text;
    this.element.style.background = background;
    this.element.style.display = "flex";
    this.element.style.textAlign = "center";
  }
}
