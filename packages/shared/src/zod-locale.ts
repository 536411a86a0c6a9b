import { z } from 'zod';

/** zod's own messages (a missing field, a wrong type) in Vietnamese, for server and web alike. */
z.config(z.locales.vi());
