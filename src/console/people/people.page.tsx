import type { FC } from 'hono/jsx';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { USER_ROLES } from '../../users/entities/user.entity.js';
import type { UserView } from '../../users/users.service.js';
import { Badge, CopyButton, CsrfField, Notice, Time } from '../views/components.js';
import { Layout } from '../views/layout.js';

export interface PersonForm {
  email: string;
  name: string;
  role: string;
  error?: string;
}

export interface PeoplePageProps {
  user: SignedInUser;
  csrf: string;
  people: UserView[];
  notice?: string;
  form?: PersonForm;
}

/** The people of the account. Owners add people and disable or enable them. */
export const PeoplePage: FC<PeoplePageProps> = ({ user, csrf, people, notice, form }) => {
  const owner = user.role === 'owner';
  return (
    <Layout title="People" user={user} csrf={csrf} section="people">
      <h1>People</h1>
      <p class="lead">
        Who signs in to this console for {user.account.name}. Owners manage people and any key;
        members see everything, make and revoke their own keys and restore revisions.
      </p>
      {notice ? <Notice tone="ok">{notice}</Notice> : null}
      <div class="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Last sign-in</th>
              {owner ? (
                <th scope="col">
                  <span class="muted">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {people.map((person) => (
              <tr id={`person-${person.id}`}>
                <td>{person.name ?? <span class="muted">—</span>}</td>
                <td>{person.email}</td>
                <td>{person.role === 'owner' ? 'Owner' : 'Member'}</td>
                <td>
                  {person.status === 'active' ? (
                    <Badge tone="ok">Active</Badge>
                  ) : (
                    <Badge tone="bad">Disabled</Badge>
                  )}
                </td>
                <td>
                  <Time value={person.last_sign_in_at} empty="Never" />
                </td>
                {owner ? (
                  <td>
                    {person.id === user.id ? (
                      <span class="muted">You</span>
                    ) : person.status === 'active' ? (
                      <a
                        class="button secondary small"
                        href={`/console/people/${person.id}/disable`}
                      >
                        Disable
                      </a>
                    ) : (
                      <form method="post" action={`/console/people/${person.id}/enable`}>
                        <CsrfField token={csrf} />
                        <button type="submit" class="secondary small">
                          Enable
                        </button>
                      </form>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {owner ? <AddPersonForm csrf={csrf} form={form} /> : null}
    </Layout>
  );
};

const AddPersonForm: FC<{ csrf: string; form?: PersonForm }> = ({ csrf, form }) => (
  <form method="post" action="/console/people" class="card stack spaced" id="add-person">
    <h2>Add a person</h2>
    {form?.error ? (
      <Notice tone="bad" title="Not added">
        <p>{form.error}</p>
      </Notice>
    ) : null}
    <CsrfField token={csrf} />
    <div class="field">
      <label for="person-email">Email</label>
      <input id="person-email" name="email" type="email" required value={form?.email ?? ''} />
    </div>
    <div class="field">
      <label for="person-name">Name</label>
      <input id="person-name" name="name" type="text" maxlength={200} value={form?.name ?? ''} />
    </div>
    <div class="field">
      <label for="person-role">Role</label>
      <select id="person-role" name="role">
        {USER_ROLES.map((role) => (
          <option value={role} selected={(form?.role ?? 'member') === role}>
            {role === 'owner' ? 'Owner' : 'Member'}
          </option>
        ))}
      </select>
    </div>
    <p class="hint">
      They get a one-time link, valid 24 hours, to choose their password. Send it to them yourself.
    </p>
    <div>
      <button type="submit" class="primary">
        Add person
      </button>
    </div>
  </form>
);

export const PersonAddedPage: FC<{
  user: SignedInUser;
  csrf: string;
  person: UserView;
  link: string;
}> = ({ user, csrf, person, link }) => (
  <Layout title="Person added" user={user} csrf={csrf} section="people">
    <p class="crumbs">
      <a href="/console/people">People</a> / Added
    </p>
    <h1>{person.email} can now join</h1>
    <Notice tone="warn" title="Send them this link now">
      <p>
        It is shown only this once, works once, and for 24 hours. With it they choose their
        password.
      </p>
    </Notice>
    <div class="card">
      <div class="secret">
        <code id="set-password-link">{link}</code>
        <CopyButton target="set-password-link" label="Copy link" />
      </div>
    </div>
    <p>
      <a class="button primary" href="/console/people">
        Done
      </a>
    </p>
  </Layout>
);

export const DisablePersonPage: FC<{ user: SignedInUser; csrf: string; person: UserView }> = ({
  user,
  csrf,
  person,
}) => (
  <Layout title="Disable person" user={user} csrf={csrf} section="people">
    <p class="crumbs">
      <a href="/console/people">People</a> / Disable
    </p>
    <div class="card">
      <h1>Disable {person.name ?? person.email}?</h1>
      <p>
        {person.email} is signed out everywhere at once and cannot sign in until enabled again. Keys
        they made keep working: revoke those in the connection area if they should stop too.
      </p>
      <form method="post" action={`/console/people/${person.id}/disable`} class="row">
        <CsrfField token={csrf} />
        <button type="submit" class="danger">
          Disable
        </button>
        <a class="button secondary" href="/console/people">
          Cancel
        </a>
      </form>
    </div>
  </Layout>
);
