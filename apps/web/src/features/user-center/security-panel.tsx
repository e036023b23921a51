import type { CurrentUser } from '@campus/contract';
import { LoginHistorySection } from './login-history-section';
import { MfaSection } from './mfa-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';

/**
 * How the user signs in: the second factor first (where a role's requirement
 * sends them), then password, sessions and history. The order never changes
 * with the user's state: a dialog showing recovery codes must stay mounted.
 */
export function SecurityPanel({ user }: { user: CurrentUser }) {
  return (
    <div className="uc-security">
      <MfaSection user={user} />
      <PasswordSection />
      <SessionsSection />
      <LoginHistorySection />
    </div>
  );
}
