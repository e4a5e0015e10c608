// The system Chromium driven by playwright-core (its own browser download cannot work here).
import fs from 'node:fs';

import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found)
    throw new Error('Chromium introuvable : installez-le (apt-get install -y chromium) ou définissez CHROMIUM_PATH.');
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

/**
 * The flags of a browser that draws WebGL (the 3D viewer): the shared flags disable the GPU, so the
 * viewer's files render with SwiftShader, Chromium's software renderer, instead.
 */
export const WEBGL_FLAGS = [
  ...CHROMIUM_FLAGS.filter((f) => f !== '--disable-gpu'),
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
];

/** A browser that draws WebGL (SwiftShader), with the file's own flags (its visitor's agent, language). */
export function launchWebGlBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...WEBGL_FLAGS, ...extraArgs] });
}
