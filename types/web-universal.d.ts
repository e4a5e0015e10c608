// The few WHATWG APIs every runtime of domain has (browser, web worker, Node ≥ 20), declared with only
// the members the domain uses. Only the domain's project (tsconfig.domain.json) reads this file: there the
// domain compiles without the DOM and Node libraries, so a DOM or Node API used in it fails the type check.
interface URL {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly search: string;
}
// eslint-disable-next-line no-var -- a global the runtime provides is declared with var, as lib.dom.d.ts does
declare var URL: { prototype: URL; new (url: string, base?: string | URL): URL };

interface URLSearchParams {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  delete(name: string): void;
  toString(): string;
}
// eslint-disable-next-line no-var -- a global the runtime provides is declared with var, as lib.dom.d.ts does
declare var URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string | Record<string, string> | URLSearchParams): URLSearchParams;
};

interface TextEncoder {
  encode(input?: string): Uint8Array;
}
// eslint-disable-next-line no-var -- a global the runtime provides is declared with var, as lib.dom.d.ts does
declare var TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

interface TextDecoder {
  decode(input?: ArrayBufferView | ArrayBuffer): string;
}
// eslint-disable-next-line no-var -- a global the runtime provides is declared with var, as lib.dom.d.ts does
declare var TextDecoder: { prototype: TextDecoder; new (label?: string): TextDecoder };
