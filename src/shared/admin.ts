import { z } from './zod.js';

export const LoginSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Incorrect password'),
});

export const INCORRECT_PASSWORD = 'Incorrect password';

/** The owner's login page: prerendered, in English like the other admin screens. */
export const LOGIN_PAGE = { path: '/login', file: 'login.html', locale: 'en' } as const;
