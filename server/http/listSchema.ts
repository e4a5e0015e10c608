// Response schema of a list in the .NET shape {"$id","$values"}. "$id" stays out of the declared
// properties: the OpenAPI generator would take it for a schema id. A loose object still sends it.
import { z } from 'zod';

export const listResponse = <T extends z.ZodType>(item: T) => z.looseObject({ $values: z.array(item) });
