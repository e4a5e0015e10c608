/** The build's identifier, defined by vite.config.ts. */
declare const __BUILD_ID__: string;
