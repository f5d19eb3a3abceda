import type { FC } from 'hono/jsx';
import type { ConnectionView } from '../../oauth/connections.service.js';
import { CsrfField, Empty, Time } from '../views/components.js';

/** Where an assistant says it comes from: its metadata document's host, or "registered". */
export function clientHostOf(clientId: string): string {
  try {
    const url = new URL(clientId);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.host;
  } catch {
    // A registered client's id is a random string, not an address.
  }
  return 'registered itself';
}

/** The assistants connected by sign-in and Allow, each with Disconnect. */
export const AssistantTable: FC<{ csrf: string; mcpUrl: string; assistants: ConnectionView[] }> = ({
  csrf,
  mcpUrl,
  assistants,
}) =>
  assistants.length === 0 ? (
    <Empty title="No assistants connected">
      <p>
        An AI assistant given <code>{mcpUrl}</code> asks you to sign in and Allow it; it is then
        listed here. Assistants that use a key above act with that key and appear in the activity
        log under its name.
      </p>
    </Empty>
  ) : (
    <div class="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">Assistant</th>
            <th scope="col">Client</th>
            <th scope="col">Scopes</th>
            <th scope="col">Allowed by</th>
            <th scope="col">Allowed</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span class="muted">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {assistants.map((assistant) => (
            <tr id={`assistant-${assistant.id}`}>
              <td>{assistant.assistant_name}</td>
              <td class="mono" title={assistant.client_id}>
                {clientHostOf(assistant.client_id)}
              </td>
              <td>{assistant.scopes.join(', ')}</td>
              <td>
                {assistant.allowed_by_name ?? assistant.allowed_by_email ?? (
                  <span class="muted">(nobody)</span>
                )}
              </td>
              <td>
                <Time value={assistant.created_at} />
              </td>
              <td>
                <Time value={assistant.last_used_at} empty="Never" />
              </td>
              <td>
                <form
                  method="post"
                  action={`/console/connection/assistants/${assistant.id}/disconnect`}
                >
                  <CsrfField token={csrf} />
                  <button type="submit" class="secondary small">
                    Disconnect
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
