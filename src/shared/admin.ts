import { z } from './zod.js';

export const LoginSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024, 'Incorrect password'),
});

export const INCORRECT_PASSWORD = 'Incorrect password';
export const INCORRECT_CODE = 'Incorrect code';

/** The owner's login page: prerendered in this language, then drawn in the browser's (client app/login-route.tsx). */
export const LOGIN_PAGE = { path: '/login', file: 'login.html', locale: 'en' } as const;

/** The ways of proving the second factor, as `POST /api/admin/login` lists those the owner has. */
export const SECOND_FACTOR_METHODS = ['totp', 'webauthn', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A proof of the password or of the second factor is fresh this long (the login's counts too). */
export const REAUTH_WINDOW_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

/** A six-digit code from the authenticator app. */
const TotpCodeSchema = z
  .string({ error: 'The code is required' })
  .trim()
  .regex(/^\d{6}$/, 'The code is six digits');
/** A recovery code as shown: four groups of four letters and digits; spaces and dashes are ignored. */
const RecoveryCodeSchema = z
  .string({ error: 'The code is required' })
  .max(64, 'That is not a recovery code')
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
  .refine((v) => /^[A-Z2-7]{16}$/.test(v), 'That is not a recovery code');

/** What the browser's navigator.credentials.get() answered, as @simplewebauthn/browser gives it. */
export const WebAuthnAssertionSchema = z.object({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: z.string().max(8192),
    authenticatorData: z.string().max(8192),
    signature: z.string().max(2048),
    userHandle: z.string().max(1024).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const SecondFactorProofSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('totp'), code: TotpCodeSchema }),
    z.object({ method: z.literal('recovery'), code: RecoveryCodeSchema }),
    z.object({ method: z.literal('webauthn'), response: WebAuthnAssertionSchema }),
  ],
  { error: 'method must be totp, webauthn or recovery' },
);
export type SecondFactorProof = z.output<typeof SecondFactorProofSchema>;

/** POST /api/admin/reauth: the password (while no second factor is set up), or the second factor. */
export const ReauthSchema = z.union([LoginSchema.strict(), SecondFactorProofSchema], {
  error: 'Send the password, or a method and its code',
});

/** 200 from POST /api/admin/login when the password was right and a second factor is due. */
export const SecondFactorDueSchema = z.object({ secondFactor: z.array(z.enum(SECOND_FACTOR_METHODS)) });

export const TotpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const TotpConfirmSchema = z.object({ code: TotpCodeSchema });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** What the owner has set up (GET /api/admin/2fa); never a secret. */
export const TwoFactorStatusSchema = z.object({
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string() })),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/** What navigator.credentials.create() answered, to register a passkey. */
export const PasskeyRegistrationSchema = z.object({
  name: z.string().trim().min(1).max(60).default('Passkey'),
  response: z.object({
    id: z.string().max(1024),
    rawId: z.string().max(1024),
    type: z.literal('public-key'),
    response: z.object({
      clientDataJSON: z.string().max(8192),
      attestationObject: z.string().max(65536),
      transports: z.array(z.string().max(32)).max(10).optional(),
      publicKeyAlgorithm: z.number().optional(),
      publicKey: z.string().max(8192).optional(),
      authenticatorData: z.string().max(65536).optional(),
    }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(32).optional(),
  }),
});
