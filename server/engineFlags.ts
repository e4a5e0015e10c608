// V8 settings of the server process, imported first by main.ts: set before PGlite compiles its WebAssembly.
import v8 from 'node:v8';

// PGlite is PostgreSQL compiled to WebAssembly. Under V8's dynamic tiering each of its functions runs from
// the baseline compiler until it is hot, so a server that has just started spent 2.3 ms of CPU per events
// call of a company's first load where a warm one spends 0.9. Compiled optimised at start-up instead:
// 0.7 s more before listening, ~0.6 ms less per call on that first load (bench/notes.md, twentieth pass).
v8.setFlagsFromString('--no-wasm-dynamic-tiering');
