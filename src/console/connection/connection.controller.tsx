import { Controller, Get, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiKeysService, KeyNotRotatableError } from '../../auth/index.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { MCP_PATH } from '../../common/request/mcp-path.js';
import { ConnectionsService } from '../../oauth/index.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { assertApiAccess } from '../account-access.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ActionNotAllowedError, ConsolePageError, PageNotFoundError } from '../console.errors.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { CurrentUser } from '../current-user.decorator.js';
import { type ShownOnce, TakeShownOnce } from '../page/flash.js';
import { PageContext } from '../page/page-context.decorator.js';
import { requireRecentSignIn } from '../sign-in/recent-sign-in.js';
import { Refused, SeeOther } from '../page/page-result.js';
import { Form, PostedForm } from '../page/posted-form.js';
import { connectionSnippets } from './connection-snippets.js';
import { DisconnectAssistantPage } from './disconnect-assistant.page.js';
import { ConnectionPage, type ConnectionPageProps } from './connection.page.js';
import { checkKeyForm, keyFormInput } from './key-form.js';
import { KeyCreatedPage } from './key-created.page.js';
import { mayRevoke } from './key-permissions.js';
import { KeysReads } from './keys.reads.js';
import { RevokeKeyPage } from './revoke-key.page.js';
import { RotateKeyPage } from './rotate-key.page.js';
import { readOverlap } from './rotation-overlap.js';

/** The connection area: the account's keys, creating and revoking them, connected assistants. */
@ConsolePages()
@Controller('console/connection')
export class ConnectionController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly reads: KeysReads,
    private readonly connections: ConnectionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(@PageContext() page: PageContext) {
    return this.connectionPage(page);
  }

  @Post('keys')
  @ConsoleAction('createKey')
  async create(@PageContext() page: PageContext, @Form() form: PostedForm, @Req() req: Request) {
    const { user } = page;
    assertApiAccess(user);
    const input = keyFormInput(form);
    const verdict = checkKeyForm(input);
    if (!verdict.ok) {
      const view = await this.connectionPage(page, { input, problems: verdict.problems });
      return new Refused(422, 'validation_failed', view);
    }
    // A key that can change articles is made only after a recent sign-in (accounts.md).
    if (verdict.scopes.includes('write')) {
      requireRecentSignIn(req, this.config.publicBaseUrl, '/console/connection');
    }
    const created = await this.keys.create(user.account.id, {
      name: verdict.name,
      scopes: verdict.scopes,
      expiresAt: verdict.expiresAt,
      createdByUserId: user.id,
    });
    return new SeeOther('/console/connection/keys/created', {
      shownOnce: { createdKey: { name: verdict.name, created } },
    });
  }

  /** Where Create key leads: the new key's secret, once; reloaded, the connection page says why it is gone. */
  @Get('keys/created')
  created(
    @PageContext() page: PageContext,
    @TakeShownOnce('createdKey') shown: ShownOnce['createdKey'],
  ) {
    if (shown === undefined) {
      return new SeeOther('/console/connection', {
        notice:
          'A new key’s secret is shown only once, right after the key is made. If it was not copied, revoke the key and create another.',
      });
    }
    return (
      <KeyCreatedPage
        page={page}
        name={shown.name}
        created={shown.created}
        replaces={shown.replaces}
        snippets={connectionSnippets(shown.created.key, this.config.publicBaseUrl)}
      />
    );
  }

  @Get('keys/:id/revoke')
  async confirmRevoke(@PageContext() page: PageContext, @Param('id', ConsoleIdPipe) id: number) {
    return <RevokeKeyPage page={page} keyView={await this.revocable(page.user, id)} />;
  }

  @Post('keys/:id/revoke')
  @ConsoleAction('revokeKey')
  async revoke(@CurrentUser() user: SignedInUser, @Param('id', ConsoleIdPipe) id: number) {
    await this.revocable(user, id);
    const key = await this.keys.revokeOnAccount(user.account.id, id);
    return new SeeOther('/console/connection', {
      notice: `Key “${key.name ?? key.prefix}” (${key.prefix}…) is revoked: it stops working within 10 seconds.`,
    });
  }

  @Get('keys/:id/rotate')
  async confirmRotate(@PageContext() page: PageContext, @Param('id', ConsoleIdPipe) id: number) {
    return <RotateKeyPage page={page} keyView={await this.rotatable(page.user, id)} />;
  }

  /**
   * Rotate: a new secret shown once (post/redirect/get, like Create key), the
   * old one working for the overlap picked, then revoked. Like making a key,
   * it needs an account with API access; like revoking, a member rotates only
   * the keys they made.
   */
  @Post('keys/:id/rotate')
  @ConsoleAction('rotateKey')
  async rotate(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) id: number,
    @Form() form: PostedForm,
    @Req() req: Request,
  ) {
    const { user } = page;
    const keyView = await this.rotatable(user, id);
    // The new secret is a key with the old one's scopes: with `write`, as for Create key.
    if (keyView.scopes.includes('write')) {
      requireRecentSignIn(req, this.config.publicBaseUrl, `/console/connection/keys/${id}/rotate`);
    }
    const overlap = readOverlap(form.field('overlap'));
    if (overlap === undefined) {
      return new Refused(
        422,
        'validation_failed',
        <RotateKeyPage
          page={page}
          keyView={keyView}
          problem="Pick how long the old secret keeps working: 1 hour to 7 days."
        />,
      );
    }
    let rotated;
    try {
      rotated = await this.keys.rotateOnAccount(user.account.id, id, overlap, user.id);
    } catch (error) {
      if (error instanceof KeyNotRotatableError) throw notRotatable(error);
      throw error;
    }
    return new SeeOther('/console/connection/keys/created', {
      shownOnce: {
        createdKey: {
          name: rotated.name ?? rotated.created.prefix,
          created: rotated.created,
          replaces: { prefix: rotated.old.prefix, until: rotated.old.revoked_at.toISOString() },
        },
      },
    });
  }

  @Get('assistants/:id/disconnect')
  async confirmDisconnect(
    @PageContext() page: PageContext,
    @Param('id', ConsoleIdPipe) id: number,
  ) {
    const assistant = await this.connected(page.user, id);
    return <DisconnectAssistantPage page={page} assistant={assistant} />;
  }

  /**
   * Ends an assistant's connection: its tokens are deleted at once and refused
   * on every replica within 10 seconds. Anyone of the account may do it (it
   * only takes access away), in a suspended account too.
   */
  @Post('assistants/:id/disconnect')
  @ConsoleAction('disconnectAssistant')
  async disconnect(@CurrentUser() user: SignedInUser, @Param('id', ConsoleIdPipe) id: number) {
    const connection = await this.connected(user, id);
    await this.connections.disconnect(user.account.id, id);
    return new SeeOther('/console/connection', {
      notice: `${connection.assistant_name} is disconnected: it stops working within 10 seconds.`,
    });
  }

  /** The connection page; with `form`, the Create key form shown again with its problems. */
  private async connectionPage(page: PageContext, form?: ConnectionPageProps['form']) {
    const accountId = page.user.account.id;
    const [keys, connections] = await Promise.all([
      this.reads.list(accountId),
      this.connections.list(accountId),
    ]);
    return (
      <ConnectionPage
        page={page}
        keys={keys}
        assistants={connections.filter((c) => c.revoked_at === null)}
        mcpUrl={`${this.config.publicBaseUrl}${MCP_PATH}`}
        form={form}
      />
    );
  }

  /** A live connection of the user's account; 404 for another account's or one already ended. */
  private async connected(user: SignedInUser, id: number) {
    const connection = await this.connections.findOnAccount(user.account.id, id);
    if (connection === undefined || connection.revoked_at !== null) throw new PageNotFoundError();
    return connection;
  }

  /** A working key this user may rotate: refused like Create key, then like Revoke. */
  private async rotatable(user: SignedInUser, id: number) {
    assertApiAccess(user);
    const key = await this.revocable(user, id);
    const now = Date.now();
    if (key.revoked_at !== null && Date.parse(key.revoked_at) > now) {
      throw notRotatable(new KeyNotRotatableError('rotated'));
    }
    if (key.revoked_at !== null || (key.expires_at !== null && Date.parse(key.expires_at) <= now)) {
      throw notRotatable(new KeyNotRotatableError('inactive'));
    }
    return key;
  }

  /**
   * The key, when this user may revoke it; 404 for another account's key, 403
   * for a colleague's. Revoking stays possible in a suspended account: it is
   * how a leaked key is made safe.
   */
  private async revocable(user: SignedInUser, id: number) {
    const key = await this.keys.findOnAccount(user.account.id, id);
    if (!mayRevoke(user, key)) {
      throw new ActionNotAllowedError(
        'Members can revoke the keys they made; this one was made by someone else. Ask an owner of the account.',
      );
    }
    return key;
  }
}

/** A key that cannot be rotated, as a page with the way back to the keys. */
function notRotatable(error: KeyNotRotatableError): ConsolePageError {
  return new ConsolePageError(
    409,
    'key_not_rotatable',
    'This key cannot be rotated',
    error.message,
    {},
    {
      href: '/console/connection#keys',
      label: 'Back to the keys',
    },
  );
}
