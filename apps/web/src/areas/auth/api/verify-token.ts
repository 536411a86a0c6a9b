import { ZUser, type TUser } from '@app/shared/auth';
import { apiClient, unwrap } from '@/lib/api-client';

/**
 * GET /auth/verify with the given token. The token is passed explicitly so the session checks
 * exactly the token it read from storage.
 */
export async function verifyToken(token: string): Promise<TUser> {
  const res = await apiClient.get('/v1/auth/verify', { headers: { Authorization: `Bearer ${token}` } });
  return unwrap(ZUser, res.data);
}
