export { AuthorizationServer } from './authorization-server.js';
export { ConnectionsService, endConnectionsAllowedBy } from './connections.service.js';
export type { AssistantName, ConnectionView } from './connections.service.js';
export { OAuthModule } from './oauth.module.js';
export { OAuthTokensModule } from './oauth-tokens.module.js';
