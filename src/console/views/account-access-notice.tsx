import type { FC } from 'hono/jsx';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { apiAccessOf, planName } from '../account-access.js';
import { Notice } from './components.js';

/** Says, in words, why an account's keys would get 403 — or nothing when it has API access. */
export const AccountAccessNotice: FC<{ account: SignedInUser['account'] }> = ({ account }) => {
  switch (apiAccessOf(account)) {
    case 'included':
      return null;
    case 'plan_not_eligible':
      return (
        <Notice tone="warn" title={`The ${planName(account.plan)} plan has no API access`}>
          <p>
            API keys and AI assistant connections come with the Enterprise and Agency plans. You can
            still see your sites, articles and activity here; to make keys, ask us to move your
            account to one of those plans.
          </p>
        </Notice>
      );
    case 'account_suspended':
      return (
        <Notice tone="bad" title="This account is suspended">
          <p>
            Its keys and assistants are refused (403 <code>account_suspended</code>) and nothing can
            be changed here until the account is resumed. Your data is kept; you can still look at
            it.
          </p>
        </Notice>
      );
  }
};
