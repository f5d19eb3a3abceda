import type { FC } from 'hono/jsx';
import type { ConnectionView } from '../../oauth/index.js';
import { type ApiAccess, planName } from '../account-access.js';
import { Empty, Time } from '../views/components.js';
import { type Column, Table } from '../views/table.js';

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

export interface AssistantTableProps {
  mcpUrl: string;
  assistants: ConnectionView[];
  /** Whether the account may connect assistants: the empty list says so in words when not. */
  access: ApiAccess;
  plan: string;
}

/** The assistants connected by sign-in and Allow, each with Disconnect (after a confirmation page). */
export const AssistantTable: FC<AssistantTableProps> = ({ mcpUrl, assistants, access, plan }) => (
  <Table
    columns={ASSISTANT_COLUMNS}
    rows={assistants}
    rowId={(assistant) => `assistant-${assistant.id}`}
    empty={<NoAssistants mcpUrl={mcpUrl} access={access} plan={plan} />}
  />
);

const NoAssistants: FC<Omit<AssistantTableProps, 'assistants'>> = ({ mcpUrl, access, plan }) => {
  switch (access) {
    case 'included':
      return (
        <Empty title="No assistants connected">
          <p>
            An AI assistant given <code>{mcpUrl}</code> asks you to sign in and Allow it; it is then
            listed here. Assistants that use a key above act with that key and appear in the
            activity log under its name.
          </p>
        </Empty>
      );
    case 'plan_not_eligible':
      return (
        <Empty title={`No assistants on the ${planName(plan)} plan`}>
          <p>Connecting an AI assistant comes with the Enterprise and Agency plans.</p>
        </Empty>
      );
    case 'account_suspended':
      return (
        <Empty title="No assistants connected">
          <p>No assistant can be connected while the account is suspended.</p>
        </Empty>
      );
  }
};

const ASSISTANT_COLUMNS: Array<Column<ConnectionView>> = [
  { header: 'Assistant', key: true, cell: (assistant) => assistant.assistant_name },
  {
    header: 'Client',
    class: 'mono',
    cell: (assistant) => (
      <span title={assistant.client_id}>{clientHostOf(assistant.client_id)}</span>
    ),
  },
  { header: 'Scopes', cell: (assistant) => assistant.scopes.join(', ') },
  {
    header: 'Allowed by',
    cell: (assistant) =>
      assistant.allowed_by_name ??
      assistant.allowed_by_email ?? <span class="muted">(nobody)</span>,
  },
  { header: 'Allowed', cell: (assistant) => <Time value={assistant.created_at} /> },
  {
    header: 'Last used',
    cell: (assistant) => <Time value={assistant.last_used_at} empty="Never" />,
  },
  {
    header: 'Actions',
    quiet: true,
    cell: (assistant) => (
      <a
        class="button secondary small"
        href={`/console/connection/assistants/${assistant.id}/disconnect`}
      >
        Disconnect
      </a>
    ),
  },
];
