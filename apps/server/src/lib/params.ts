import { z } from 'zod';
import { ZIdText } from '@app/shared/api';

/** `:id` in a path: 1 … 2³¹−1 (PostgreSQL integer), else a 400 before any SQL runs. */
export const ZIdParams = z.object({ id: ZIdText });
