import { z } from 'zod';
import { ZRole, ZUserRole } from './roles';

/** The user JSON of every response (issue 2): one shape for sign-in, verify and lists. */
export const ZUser = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  studentId: z.number().int().nullable(),
  roles: z.array(ZUserRole),
  primaryRole: ZRole.nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZGoogleLoginRequest = z.object({ googleToken: z.string().min(1) });
export const ZDevLoginRequest = z.object({ email: z.string().trim().min(1).max(254) });
export const ZLoginData = z.object({ token: z.string(), user: ZUser });
export type TLoginData = z.infer<typeof ZLoginData>;

export const ZAuthConfig = z.object({
  googleClientId: z.string().nullable(),
  devLogin: z.boolean(),
  schoolName: z.string(),
});
export type TAuthConfig = z.infer<typeof ZAuthConfig>;

/** Demo accounts listed on the login page when dev login is on, grouped by primary role. */
export const ZDemoAccount = z.object({
  email: z.string(),
  displayName: z.string().nullable(),
  primaryRole: ZRole.nullable(),
  roles: z.array(ZRole),
  /** One line on what the account shows in the demo school ("Tiếng Anh: kết quả khảo sát cá nhân…"); null outside the demo. */
  hint: z.string().nullable().default(null),
});
export type TDemoAccount = z.infer<typeof ZDemoAccount>;

/** What a landing page shows: a greeting and figures the server already knows for the role. */
export const ZDashboardStat = z.object({
  label: z.string(),
  value: z.union([z.number(), z.string()]),
  hint: z.string().optional(),
  /** The page where the figure's work is done (a path of the app the caller may open); the figure links there. */
  href: z.string().optional(),
});
export const ZDashboard = z.object({
  role: ZRole,
  greeting: z.string(),
  stats: z.array(ZDashboardStat),
  notes: z.array(z.string()),
});
export type TDashboard = z.infer<typeof ZDashboard>;
