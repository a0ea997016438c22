import useSWR from 'swr';
import type { AuthPolicy } from '@cda/shared';
import { fetcher } from '../api/client';

/** Until the server answers, the defaults of the security settings. */
const FALLBACK: AuthPolicy = { minPasswordLength: 6, requireSpecialChars: false, registrationEnabled: true };

export function usePolicy(): AuthPolicy {
  const { data } = useSWR<AuthPolicy>('/auth/policy', fetcher, { revalidateOnFocus: false });
  return data ?? FALLBACK;
}
