import { MSG } from '@app/shared/messages';
import type { TDemoAccount, TLoginData } from '@app/shared/auth';
import type { Db } from '@/db/client';
import type { Actor } from '@/plugins/actor';
import { AppError } from '@/plugins/errors';
import { audit } from '@/plugins/audit';
import {
  findUserByEmail,
  findUserById,
  listDemoAccounts,
  toUserJson,
  updateProfileFromSignIn,
  type UserWithRoles,
} from '@/areas/school/users/users.service';
import type { GoogleVerifier, SessionTokens } from '@/lib/tokens';
import { demoAccountHints } from './demo-hints.repository';
import { startSession } from './sessions.service';

export interface AuthDeps {
  db: Db;
  tokens: SessionTokens;
  google: GoogleVerifier | null;
  allowedDomains: string[];
}

function domainOf(email: string) {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

async function usableAccount(deps: AuthDeps, email: string): Promise<UserWithRoles> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND', MSG.accountNotFound);
  if (!user.active) throw new AppError('ACCOUNT_INACTIVE', MSG.accountInactive);
  return user;
}

/** Where a sign-in comes from: its User-Agent names the device in the list of sessions (in words only). */
export interface SignInFrom {
  userAgent: string | undefined;
}

async function completeSignIn(
  deps: AuthDeps,
  actor: Actor,
  opts: SignInFrom & {
    user: UserWithRoles;
    via: 'google' | 'dev';
    profile?: { displayName?: string | null; photoUrl?: string | null };
  },
): Promise<TLoginData> {
  const { user, via, profile = {} } = opts;
  // The session row and the audit entry land together; the token names the session.
  const sessionId = await deps.db.transaction(async (tx) => {
    await updateProfileFromSignIn(tx, user.id, profile);
    await audit(tx, actor, {
      actorId: user.id,
      action: 'login',
      entity: 'user',
      entityId: user.id,
      before: via === 'google' ? { displayName: user.displayName, photoURL: user.photoUrl } : null,
      after: { via, ...(via === 'google' ? { displayName: profile.displayName ?? null, photoURL: profile.photoUrl ?? null } : {}) },
    });
    return startSession(tx, user.id, opts.userAgent);
  });
  const fresh = (await findUserById(deps.db, user.id))!;
  return { token: await deps.tokens.sign(user.id, fresh.tokenVersion, sessionId), user: toUserJson(fresh) };
}

export async function signInWithGoogle(deps: AuthDeps, actor: Actor, input: SignInFrom & { googleToken: string }) {
  const { googleToken } = input;
  if (!deps.google) throw new AppError('GOOGLE_DISABLED', 'Đăng nhập bằng Google chưa được cấu hình.');
  const identity = await deps.google(googleToken);
  if (!identity) throw new AppError('INVALID_GOOGLE_TOKEN', MSG.googleTokenInvalid);
  if (!identity.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', MSG.emailNotVerified);
  if (deps.allowedDomains.length && !deps.allowedDomains.includes(domainOf(identity.email))) {
    throw new AppError('DOMAIN_NOT_ALLOWED', MSG.domainNotAllowed);
  }
  const user = await usableAccount(deps, identity.email);
  return completeSignIn(deps, actor, {
    user,
    via: 'google',
    profile: { displayName: identity.name, photoUrl: identity.picture },
    userAgent: input.userAgent,
  });
}

/** GET /auth/demo-accounts: the first accounts of each primary role, each with its line when the demo seed wrote one. */
export async function demoAccounts(db: Db): Promise<TDemoAccount[]> {
  const [accounts, hints] = await Promise.all([listDemoAccounts(db, 4), demoAccountHints(db)]);
  return accounts.map((a) => ({ ...a, hint: hints.get(a.email.toLowerCase()) ?? null }));
}

export async function signInForDemo(deps: AuthDeps, actor: Actor, input: SignInFrom & { email: string }) {
  return completeSignIn(deps, actor, { user: await usableAccount(deps, input.email), via: 'dev', userAgent: input.userAgent });
}
