import { setTimeout as sleep } from 'node:timers/promises';
import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { APP_CONFIG } from '../../config/config.module.js';
import { AuthorizationServer, ConnectionsService } from '../../oauth/index.js';
import { mcpUrlOf } from '../../common/request/oauth-paths.js';
import type { SignedInUser } from '../sign-in/session/signed-in-user.js';
import { assertApiAccess } from '../account-access.js';
import { ConsolePages } from '../console-pages.decorator.js';
import { ConsoleAction } from '../console-action.decorator.js';
import { ActionNotAllowedError, ConsolePageError } from '../console.errors.js';
import { CurrentUser } from '../current-user.decorator.js';
import { PageContext } from '../page/page-context.decorator.js';
import { Form, PostedForm } from '../page/posted-form.js';
import {
  AuthorizationRequestAnsweredError,
  assistantRequestOf,
  type AssistantRequest,
} from './assistant-request.js';
import { ConsentPage } from './consent.page.js';
import { allowFormRedirectTo } from './form-redirect-policy.js';

/**
 * The consent page of the authorization server: where an assistant's
 * authorization request waits for a signed-in person (ConsoleGuard sends
 * anyone else through sign-in and back) to Allow or Deny it. Allow makes the
 * grant and the connection; either answer goes back to the authorization
 * server, which sends the browser on to the assistant.
 */
/** How long a second Allow waits for the first to be handed over, and how often it looks. */
const FIRST_ANSWER_WAIT_MS = 3_000;
const FIRST_ANSWER_POLL_MS = 100;

/** Allow with every scope unticked: nothing to grant, and the request still waits. */
class NothingGrantedError extends ConsolePageError {
  constructor(uid: string) {
    super(
      422,
      'validation_failed',
      'Nothing was ticked',
      'Tick at least one thing the assistant may do, or Deny the request. It is still waiting for your answer.',
      {},
      { href: `/console/authorize/${uid}`, label: 'Back to the request' },
    );
  }
}

@ConsolePages()
@Controller('console/authorize')
export class AuthorizeController {
  private readonly mcpUrl: string;

  constructor(
    private readonly server: AuthorizationServer,
    private readonly connections: ConnectionsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.mcpUrl = mcpUrlOf(config.publicBaseUrl);
  }

  /**
   * The consent page. oidc-provider reads the waiting request through the
   * response as well as the request (it may refresh its cookie), hence the
   * response, passed through: the page itself is returned as any other.
   */
  @Get(':uid')
  async page(
    @PageContext() page: PageContext,
    @Param('uid') uid: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const request = await this.pending(uid, req, res);
    allowFormRedirectTo(res, request.redirectUri);
    return <ConsentPage page={page} request={request} />;
  }

  /**
   * Allow and Deny take the response itself: the answer is handed back to
   * oidc-provider (`interactionFinished`), which writes the redirect to the
   * assistant on it.
   */
  @Post(':uid/allow')
  @ConsoleAction('allowAssistant')
  async allow(
    @CurrentUser() user: SignedInUser,
    @Param('uid') uid: string,
    @Form() form: PostedForm,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    assertApiAccess(user);
    const asked = await this.pending(uid, req, res);
    // What the person ticked, of what was asked: unticking `write` grants `read` only. A form
    // without the check boxes (a page an earlier version showed, during an upgrade) grants what
    // was asked, as that page said.
    const ticked = form.field('scopes_shown') === '1' ? form.fields('scope') : asked.scopes;
    const scopes = asked.scopes.filter((scope) => ticked.includes(scope));
    if (scopes.length === 0) throw new NothingGrantedError(uid);
    if (!(await this.server.claimAnswer(uid))) {
      await this.answerAgain(user, uid, req, res);
      return;
    }
    const request = { ...asked, scopes };
    const provider = await this.server.provider();
    const accountId = String(user.id);
    const grant = new provider.Grant({ accountId, clientId: request.clientId });
    // The scopes are allowed as ticked (the library checks them as its own) and for {mcp_url}.
    grant.addOIDCScope(request.scopes.join(' '));
    grant.addResourceScope(request.resource, request.scopes.join(' '));
    const grantId = await grant.save();
    const connectionId = await this.connections.create({
      accountId: user.account.id,
      userId: user.id,
      grantId,
      clientId: request.clientId,
      assistantName: request.assistantName,
      scopes: request.scopes,
    });
    if (connectionId === undefined) {
      throw new ActionNotAllowedError('Your user is disabled: it cannot allow assistants.');
    }
    if (!request.scopesNamed || scopes.length < asked.scopes.length) {
      // The code and its tokens carry the request's scopes: what was allowed is what is asked for,
      // so that the token says `read` when only `read` was granted.
      request.interaction.params.scope = request.scopes.join(' ');
      await request.interaction.persist();
    }
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
    await this.answering(uid, req, res);
    const provider = await this.server.provider();
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The person declined the connection.' },
      { mergeWithLastSubmission: false },
    );
  }

  /**
   * A second Allow from the person whose Allow counted (a double click, the
   * same page in two tabs): once the first has been handed to the
   * authorization server, the browser is sent where the first was, so that
   * whichever answer it shows leads on to the assistant; nothing more is made.
   * Anything else (Allow after Deny, another person) is the "already
   * answered" page.
   */
  private async answerAgain(
    user: SignedInUser,
    uid: string,
    req: Request,
    res: Response,
  ): Promise<void> {
    for (let waited = 0; waited <= FIRST_ANSWER_WAIT_MS; waited += FIRST_ANSWER_POLL_MS) {
      const { interaction } = await this.pending(uid, req, res);
      const result = interaction.result as
        { login?: { accountId?: string }; consent?: { grantId?: string } } | undefined;
      if (result !== undefined) {
        if (result.login?.accountId !== String(user.id) || !result.consent?.grantId) break;
        res.redirect(303, interaction.returnTo);
        return;
      }
      await sleep(FIRST_ANSWER_POLL_MS);
    }
    throw new AuthorizationRequestAnsweredError();
  }

  private async pending(uid: string, req: Request, res: Response): Promise<AssistantRequest> {
    return assistantRequestOf(await this.server.provider(), uid, req, res, this.mcpUrl);
  }

  /**
   * The request, claimed for this answer: the first Allow or Deny wins, and
   * any other — sent twice, at once, or Deny after Allow — is refused before
   * it makes or changes anything (one connection at most, one redirect).
   */
  private async answering(uid: string, req: Request, res: Response): Promise<AssistantRequest> {
    const request = await this.pending(uid, req, res);
    if (!(await this.server.claimAnswer(uid))) throw new AuthorizationRequestAnsweredError();
    return request;
  }
}
