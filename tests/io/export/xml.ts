/** Strict XML parsing for tests: any error or warning of the parser fails. */
import { DOMParser } from "@xmldom/xmldom";

export type XmlElement = ReturnType<DOMParser["parseFromString"]>["documentElement"];

export function parseXml(text: string): XmlElement {
  const problems: string[] = [];
  const parser = new DOMParser({
    errorHandler: {
      warning: (message: string) => problems.push(message),
      error: (message: string) => problems.push(message),
      fatalError: (message: string) => problems.push(message),
    },
  });
  const document = parser.parseFromString(text, "image/svg+xml");
  if (problems.length > 0) throw new Error(`XML problems: ${problems.join("; ")}`);
  return document.documentElement;
}

export function elements(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const visit = (element: XmlElement): void => {
    out.push(element);
    for (let child = element.firstChild; child !== null; child = child.nextSibling) {
      if (child.nodeType === 1) visit(child as XmlElement);
    }
  };
  visit(root);
  return out;
}

export function byId(root: XmlElement, id: string): XmlElement {
  const found = elements(root).find((element) => element.getAttribute("id") === id);
  if (!found) throw new Error(`no element with id ${id}`);
  return found;
}

/** Child elements, without text nodes. */
export function childElements(element: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (let child = element.firstChild; child !== null; child = child.nextSibling)
    if (child.nodeType === 1) out.push(child as XmlElement);
  return out;
}
