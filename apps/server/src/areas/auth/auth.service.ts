import { MSG } from '@app/shared/messages';
import type { TDemoAccount, TLoginData } from '@app/shared/auth';
import type { Db } from '@/db/client';
import { userIdOf, type Actor } from '@/plugins/actor';
import { AppError } from '@/plugins/errors';
import { audit } from '@/plugins/audit';
import { write } from '@/lib/write';
import {
  endSessions,
  findUserByEmail,
  findUserById,
  listDemoAccounts,
  toUserJson,
  updateProfileFromSignIn,
  type UserWithRoles,
} from '@/areas/school/users/users.service';
import type { GoogleVerifier, SessionTokens } from '@/lib/tokens';
import { demoAccountHints } from './demo-hints.repository';

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

async function completeSignIn(
  deps: AuthDeps,
  actor: Actor,
  user: UserWithRoles,
  via: 'google' | 'dev',
  profile: { displayName?: string | null; photoUrl?: string | null } = {},
): Promise<TLoginData> {
  await deps.db.transaction(async (tx) => {
    await updateProfileFromSignIn(tx, user.id, profile);
    await audit(tx, actor, {
      actorId: user.id,
      action: 'login',
      entity: 'user',
      entityId: user.id,
      before: via === 'google' ? { displayName: user.displayName, photoURL: user.photoUrl } : null,
      after: { via, ...(via === 'google' ? { displayName: profile.displayName ?? null, photoURL: profile.photoUrl ?? null } : {}) },
    });
  });
  const fresh = (await findUserById(deps.db, user.id))!;
  return { token: await deps.tokens.sign(user.id, fresh.tokenVersion), user: toUserJson(fresh) };
}

export async function signInWithGoogle(deps: AuthDeps, actor: Actor, googleToken: string) {
  if (!deps.google) throw new AppError('GOOGLE_DISABLED', 'Đăng nhập bằng Google chưa được cấu hình.');
  const identity = await deps.google(googleToken);
  if (!identity) throw new AppError('INVALID_GOOGLE_TOKEN', MSG.googleTokenInvalid);
  if (!identity.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', MSG.emailNotVerified);
  if (deps.allowedDomains.length && !deps.allowedDomains.includes(domainOf(identity.email))) {
    throw new AppError('DOMAIN_NOT_ALLOWED', MSG.domainNotAllowed);
  }
  const user = await usableAccount(deps, identity.email);
  return completeSignIn(deps, actor, user, 'google', { displayName: identity.name, photoUrl: identity.picture });
}

/** GET /auth/demo-accounts: the first accounts of each primary role, each with its line when the demo seed wrote one. */
export async function demoAccounts(db: Db): Promise<TDemoAccount[]> {
  const [accounts, hints] = await Promise.all([listDemoAccounts(db, 4), demoAccountHints(db)]);
  return accounts.map((a) => ({ ...a, hint: hints.get(a.email.toLowerCase()) ?? null }));
}

export async function signInForDemo(deps: AuthDeps, actor: Actor, email: string) {
  return completeSignIn(deps, actor, await usableAccount(deps, email), 'dev');
}

/**
 * Sign-out that signs out: the caller's token version is bumped, so the token they used (and every
 * other token of theirs, on any device) is refused from now on. Audited as an auth event like sign-in.
 */
export async function signOut(deps: Pick<AuthDeps, 'db'>, actor: Actor): Promise<void> {
  await write(deps.db, actor, (ctx) => endSessions(ctx, userIdOf(actor), 'logout'));
}
