// The catalogue's query of the company it acts on (?entrepriseId=, Admin only: actingCompany in
// server/auth/access.ts decides), and its nullable numeric columns.
import { z } from 'zod';

import { idNumber } from '../http/openapi/params';

/** ?entrepriseId= (Admin: another company's catalogue). */
export const companyQuery = z.object({ entrepriseId: idNumber.optional() });

export const toNumber = (v: string | null) => (v === null ? null : Number(v));
