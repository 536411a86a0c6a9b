import { z } from 'zod';

export const ZIdParams = z.object({ id: z.coerce.number().int().positive() });
