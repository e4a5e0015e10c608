// One server for the end-to-end files: builds the app if needed (as npm start does), seeds demo data.
import type { TestProject } from 'vitest/node';

import { type RunningServer, startServer } from '../helpers/server';

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  server = await startServer();
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
