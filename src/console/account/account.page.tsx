import type { FC } from 'hono/jsx';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  type Profile,
  timeZones,
} from '../../users/index.js';
import type { PageContext } from '../page/page-context.decorator.js';
import { CsrfField, Field, Notice, Submit } from '../views/components.js';
import { Layout } from '../views/layout.js';

/** Which form a refusal belongs to, what was typed (never a password) and why. */
export interface AccountFormError {
  form: 'profile' | 'email' | 'password';
  message: string;
  name?: string;
  timeZone?: string;
  email?: string;
}

export interface AccountPageProps {
  page: PageContext;
  profile: Profile;
  error?: AccountFormError;
  /** False without SMTP_URL: the email card says where its link goes. */
  mailConfigured: boolean;
}

const Refusal: FC<{ error?: AccountFormError; form: AccountFormError['form'] }> = ({
  error,
  form,
}) =>
  error?.form === form ? (
    <Notice tone="bad" title="Not saved">
      <p>{error.message}</p>
    </Notice>
  ) : null;

/** "Your account": the person's profile, email and password. */
export const AccountPage: FC<AccountPageProps> = ({ page, profile, error, mailConfigured }) => {
  const name = error?.form === 'profile' ? (error.name ?? '') : (profile.name ?? '');
  const zone =
    error?.form === 'profile' ? (error.timeZone ?? profile.time_zone) : profile.time_zone;
  return (
    <Layout title="Your account" page={page}>
      <h1>Your account</h1>
      <p class="lead">
        How you appear to the people of {page.user.account.name}, where messages about your account
        go, and your password. Second factors and passkeys are on{' '}
        <a href="/console/account/security">Security</a>; where you are signed in, on{' '}
        <a href="/console/account/sessions">Sessions</a>.
      </p>
      {page.notice ? <Notice tone="ok">{page.notice}</Notice> : null}
      <div class="account-cards">
        <form method="post" action="/console/account/profile" class="card stack" id="profile">
          <h2>Profile</h2>
          <Refusal error={error} form="profile" />
          <CsrfField token={page.csrf} />
          <Field
            id="name"
            label="Display name"
            hint="How the console names you. Empty: your email."
          >
            <input
              id="name"
              name="name"
              type="text"
              maxlength={200}
              value={name}
              autocomplete="name"
            />
          </Field>
          <Field
            id="time_zone"
            label="Time zone"
            hint="Times in the console are shown in it. The API and exports stay in UTC."
          >
            <select id="time_zone" name="time_zone">
              {[...timeZones()].map((value) => (
                <option value={value} selected={value === zone}>
                  {value}
                </option>
              ))}
            </select>
          </Field>
          <Submit>Save profile</Submit>
        </form>

        <form method="post" action="/console/account/email" class="card stack" id="email">
          <h2>Email</h2>
          <p>
            You sign in as <strong>{profile.email}</strong>.
            {profile.pending_email ? (
              <>
                {' '}
                A link to confirm <strong>{profile.pending_email}</strong> was sent there; your
                email changes when it is followed.
              </>
            ) : null}
          </p>
          <Refusal error={error} form="email" />
          <CsrfField token={page.csrf} />
          <Field
            id="new-email"
            label="New email"
            hint={
              mailConfigured
                ? 'We send a link to the new address; your email changes when it is followed, and the old address is told.'
                : 'This server sends no email (no SMTP_URL): the confirmation link is written to the server log.'
            }
          >
            <input
              id="new-email"
              name="email"
              type="email"
              required
              maxlength={254}
              value={error?.form === 'email' ? (error.email ?? '') : ''}
            />
          </Field>
          <Field id="email-password" label="Current password">
            <input
              id="email-password"
              name="current_password"
              type="password"
              autocomplete="current-password"
              required
            />
          </Field>
          <Submit>Change email</Submit>
        </form>

        <form method="post" action="/console/account/password" class="card stack" id="password">
          <h2>Password</h2>
          <Refusal error={error} form="password" />
          <CsrfField token={page.csrf} />
          <input type="hidden" name="username" autocomplete="username" value={profile.email} />
          <Field id="current-password" label="Current password">
            <input
              id="current-password"
              name="current_password"
              type="password"
              autocomplete="current-password"
              required
            />
          </Field>
          <Field
            id="new-password"
            label="New password"
            hint={
              <>
                {MIN_PASSWORD_LENGTH} to {MAX_PASSWORD_LENGTH} characters, any you like. Common
                passwords and your name or email are refused. Your other sessions are signed out.
              </>
            }
          >
            <input
              id="new-password"
              name="password"
              type="password"
              autocomplete="new-password"
              minlength={MIN_PASSWORD_LENGTH}
              maxlength={MAX_PASSWORD_LENGTH}
              required
            />
          </Field>
          <Field id="confirm-password" label="Repeat it">
            <input
              id="confirm-password"
              name="confirm"
              type="password"
              autocomplete="new-password"
              required
            />
          </Field>
          <Submit>Change password</Submit>
        </form>
      </div>
    </Layout>
  );
};
