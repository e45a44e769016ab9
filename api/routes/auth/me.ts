import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../context';
import type { MeBody } from './schemas';

/**
 * `GET /auth/me`: ours (`user`, `organization`, `via`, `scopes`) with Dograh's flat `UserResponse` beside it
 * (Dograh: api/schemas/auth.py, api/routes/auth.py). Dograh answers an API key with the user who created it, as we
 * do; a key with no such user has null user fields here (Dograh refuses it). We keep no user names: `name` is null.
 */
export function presentMe(
  caller: Caller,
  user: { id: number; email: string } | null,
  organization: { id: number; name: string },
): Static<typeof MeBody> {
  return {
    id: user?.id ?? null,
    email: user?.email ?? null,
    name: null,
    organization_id: organization.id,
    provider_id: user ? String(user.id) : null,
    user,
    organization,
    via: caller.via,
    scopes: [...caller.scopes],
  };
}
