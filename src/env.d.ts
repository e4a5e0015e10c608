/** The build's identifier, defined by vite.config.ts. */
declare const __BUILD_ID__: string;

/** The URL of meshoptimizer's decoder script, emitted by the build (scripts/meshoptDecoder.ts). */
declare module 'virtual:meshopt-decoder' {
  const url: string;
  export default url;
}
/** The same URL for the back-office, a module of its own (scripts/meshoptDecoder.ts). */
declare module 'virtual:meshopt-decoder?app' {
  const url: string;
  export default url;
}
