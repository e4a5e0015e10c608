// A database id in a JSON body: a positive integer that fits the 32-bit columns. A larger number is refused
// here with the field's message instead of reaching the database, and the API document says so.
import { z } from 'zod';

export const INT32_MAX = 2_147_483_647;

export const dbId = (message?: string) =>
  z.number({ error: message }).int(message).positive(message).max(INT32_MAX, message);
