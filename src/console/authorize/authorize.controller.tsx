import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { AuthorizationServer } from '../../oauth/authorization-server.js';
import { ConnectionsService } from '../../oauth/connections.service.js';
import { mcpUrlOf } from '../../oauth/oauth-paths.js';
import { CsrfProtection } from '../../sign-in/csrf-protection.js';
import type { SignedInUser } from '../../sign-in/signed-in-user.js';
import { assertApiAccess } from '../account-access.js';
import { ConsoleAction, ConsolePages } from '../console-pages.decorator.js';
import { CurrentUser } from '../current-user.decorator.js';
import { sendPage } from '../html-response.js';
import { assistantRequestOf, type AssistantRequest } from './assistant-request.js';
import { ConsentPage } from './consent.page.js';
import { allowFormRedirectTo } from './form-redirect-policy.js';

/**
 * The consent page of the authorization server: where an assistant's
 * authorization request waits for a signed-in person (ConsoleGuard sends
 * anyone else through sign-in and back) to Allow or Deny it. Allow makes the
 * grant and the connection; either answer goes back to the authorization
 * server, which sends the browser on to the assistant.
 */
@ConsolePages()
@Controller('console/authorize')
export class AuthorizeController {
  private readonly mcpUrl: string;

  constructor(
    private readonly server: AuthorizationServer,
    private readonly connections: ConnectionsService,
    private readonly csrf: CsrfProtection,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.mcpUrl = mcpUrlOf(config.publicBaseUrl);
  }

  @Get(':uid')
  async page(
    @CurrentUser() user: SignedInUser,
    @Param('uid') uid: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const request = await this.pending(uid, req, res);
    allowFormRedirectTo(res, request.redirectUri);
    await sendPage(
      res,
      200,
      <ConsentPage user={user} csrf={this.csrf.token(req)} request={request} />,
    );
  }

  @Post(':uid/allow')
  @ConsoleAction('allowAssistant')
  async allow(
    @CurrentUser() user: SignedInUser,
    @Param('uid') uid: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    assertApiAccess(user);
    const request = await this.pending(uid, req, res);
    const provider = await this.server.provider();
    const accountId = String(user.id);
    const grant = new provider.Grant({ accountId, clientId: request.clientId });
    // The scopes are allowed as asked (the library checks them as its own) and for {mcp_url}.
    grant.addOIDCScope(request.scopes.join(' '));
    grant.addResourceScope(request.resource, request.scopes.join(' '));
    const grantId = await grant.save();
    await this.connections.create({
      accountId: user.account.id,
      userId: user.id,
      grantId,
      clientId: request.clientId,
      assistantName: request.assistantName,
      scopes: request.scopes,
    });
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  @Post(':uid/deny')
  @ConsoleAction('denyAssistant')
  async deny(@Param('uid') uid: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.pending(uid, req, res);
    const provider = await this.server.provider();
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The person declined the connection.' },
      { mergeWithLastSubmission: false },
    );
  }

  private async pending(uid: string, req: Request, res: Response): Promise<AssistantRequest> {
    return assistantRequestOf(await this.server.provider(), uid, req, res, this.mcpUrl);
  }
}
