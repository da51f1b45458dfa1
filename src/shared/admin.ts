import { z } from './zod.js';

export const LoginSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Incorrect password'),
});

export const INCORRECT_PASSWORD = 'Incorrect password';
