import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiKeysService } from '../../auth/api-keys.service.js';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { MCP_PATH } from '../../mcp/mcp-path.js';
import { ConnectionsService } from '../../oauth/connections.service.js';
import { CsrfProtection } from '../../sign-in/csrf-protection.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { assertApiAccess } from '../account-access.js';
import { ConsoleAction, ConsolePages } from '../console-pages.decorator.js';
import { ActionNotAllowedError, PageNotFoundError } from '../console.errors.js';
import { ConsoleIdPipe } from '../console-id.pipe.js';
import { CurrentUser } from '../current-user.decorator.js';
import { leaveNotice, takeNotice } from '../form-fields.js';
import { sendPage } from '../html-response.js';
import { seeOther } from '../see-other.js';
import { connectionSnippets } from './connection-snippets.js';
import { ConnectionPage } from './connection.page.js';
import { checkKeyForm, keyFormInput } from './key-form.js';
import { KeyCreatedPage } from './key-created.page.js';
import { mayRevoke } from './key-permissions.js';
import { KeysReads } from './keys.reads.js';
import { RevokeKeyPage } from './revoke-key.page.js';

/** The connection area: the account's keys, creating and revoking them, connected assistants. */
@ConsolePages()
@Controller('console/connection')
export class ConnectionController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly reads: KeysReads,
    private readonly csrf: CsrfProtection,
    private readonly connections: ConnectionsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async page(
    @CurrentUser() user: SignedInUser,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await sendPage(
      res,
      200,
      <ConnectionPage
        user={user}
        csrf={this.csrf.token(req)}
        keys={await this.reads.list(user.account.id)}
        assistants={await this.liveAssistants(user.account.id)}
        mcpUrl={this.mcpUrl}
        notice={takeNotice(req)}
      />,
    );
  }

  @Post('keys')
  @ConsoleAction('createKey')
  async create(
    @CurrentUser() user: SignedInUser,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    assertApiAccess(user);
    const input = keyFormInput(req);
    const verdict = checkKeyForm(input);
    if (!verdict.ok) {
      res.locals.errorCode = 'validation_failed';
      return sendPage(
        res,
        422,
        <ConnectionPage
          user={user}
          csrf={this.csrf.token(req)}
          keys={await this.reads.list(user.account.id)}
          assistants={await this.liveAssistants(user.account.id)}
          mcpUrl={this.mcpUrl}
          form={{ input, problems: verdict.problems }}
        />,
      );
    }
    const created = await this.keys.create(user.account.id, {
      name: verdict.name,
      scopes: verdict.scopes,
      expiresAt: verdict.expiresAt,
      createdByUserId: user.id,
    });
    await sendPage(
      res,
      200,
      <KeyCreatedPage
        user={user}
        csrf={this.csrf.token(req)}
        name={verdict.name}
        created={created}
        snippets={connectionSnippets(created.key, this.config.publicBaseUrl)}
      />,
    );
  }

  @Get('keys/:id/revoke')
  async confirmRevoke(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const key = await this.revocable(user, id);
    await sendPage(
      res,
      200,
      <RevokeKeyPage user={user} csrf={this.csrf.token(req)} keyView={key} />,
    );
  }

  @Post('keys/:id/revoke')
  @ConsoleAction('revokeKey')
  async revoke(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.revocable(user, id);
    const key = await this.keys.revokeOnAccount(user.account.id, id);
    leaveNotice(
      req,
      `Key “${key.name ?? key.prefix}” (${key.prefix}…) is revoked: it stops working within 10 seconds.`,
    );
    await seeOther(req, res, '/console/connection');
  }

  /**
   * Ends an assistant's connection: its tokens are deleted at once and refused
   * on every replica within 10 seconds. Anyone of the account may do it (it
   * only takes access away), in a suspended account too.
   */
  @Post('assistants/:id/disconnect')
  @ConsoleAction('disconnectAssistant')
  async disconnect(
    @CurrentUser() user: SignedInUser,
    @Param('id', ConsoleIdPipe) id: number,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const connection = await this.connections.findOnAccount(user.account.id, id);
    if (connection === undefined || connection.revoked_at !== null) throw new PageNotFoundError();
    await this.connections.disconnect(user.account.id, id);
    leaveNotice(
      req,
      `${connection.assistant_name} is disconnected: it stops working within 10 seconds.`,
    );
    await seeOther(req, res, '/console/connection');
  }

  private async liveAssistants(accountId: number) {
    return (await this.connections.list(accountId)).filter((c) => c.revoked_at === null);
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

  private get mcpUrl(): string {
    return `${this.config.publicBaseUrl}${MCP_PATH}`;
  }
}
