// Every matrix entry, area by area. A route the server registers without an entry here fails the suite.
import { analyticsEntries } from './analytics';
import { catalogueEntries } from './catalogue';
import { coreEntries } from './core';
import { customerEntries } from './customers';
import { notificationEntries } from './notifications';
import type { MatrixEntry } from './types';
import { userEntries } from './users';
import { viewerEntries } from './viewer';

export const matrixEntries: MatrixEntry[] = [
  ...coreEntries,
  ...customerEntries,
  ...userEntries,
  ...analyticsEntries,
  ...catalogueEntries,
  ...viewerEntries,
  ...notificationEntries,
];
