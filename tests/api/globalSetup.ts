// The api project's databases start from one migrated template (tests/helpers/dbTemplate.ts).
import type { TestProject } from 'vitest/node';

import { type DatabaseTemplate, makeDatabaseTemplate } from '../helpers/dbTemplate';

let template: DatabaseTemplate | undefined;

export async function setup(project: TestProject) {
  template = await makeDatabaseTemplate();
  project.provide('pgliteDump', template.pgliteDump);
  project.provide('postgresTemplate', template.postgresTemplate ?? '');
}

export async function teardown() {
  await template?.remove();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}
