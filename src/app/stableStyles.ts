// PrimeReact 10 rewrites the text of its <style> elements ("base", "common", each component's) every time
// a component mounts (useStyle's load in primereact/hooks), with the same text. Each rewrite replaces the
// style sheet, and as "base" and "common" hold rules that any element may match, Chromium then recomputes
// the style and layout of the whole page: 15 to 35 ms a time on the dashboard (bench/notes.md, fifteenth
// pass). For PrimeReact's style elements only, writing the text they already hold is skipped.
const PRIME_STYLE = 'data-primereact-style-id';
const native = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')!;
const read = (node: Node) => native.get!.call(node) as string | null;
const write = (node: Node, text: string | null) => native.set!.call(node, text);

Object.defineProperty(HTMLStyleElement.prototype, 'textContent', {
  configurable: true,
  enumerable: native.enumerable,
  get(this: HTMLStyleElement) {
    return read(this);
  },
  set(this: HTMLStyleElement, text: string | null) {
    if (this.isConnected && this.hasAttribute(PRIME_STYLE) && read(this) === text) return;
    write(this, text);
  },
});
