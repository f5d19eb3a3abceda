export { AccessTokenVerifier } from './access-token-verifier.js';
export type { AccessTokenGrant } from './access-token-verifier.js';
export { AccountsService } from './accounts.service.js';
export type { AccountView } from './accounts.service.js';
export { generateApiKey, looksLikeApiKey } from './api-key.codec.js';
export { ApiKeyListings } from './api-key-listings.js';
export type { KeyLabel, KeyListing } from './api-key-listings.js';
export {
  ApiKeysService,
  KeyNotRotatableError,
  MAX_ROTATION_OVERLAP_HOURS,
} from './api-keys.service.js';
export type { CreatedKey, KeyView, RotatedKey } from './api-keys.service.js';
export { InsufficientScopeError } from './auth.errors.js';
export { AuthModule } from './auth.module.js';
export { Authenticator } from './authenticator.service.js';
export { CurrentPrincipal } from './decorators/current-principal.decorator.js';
export { API_PLANS, PLANS } from './entities/account.entity.js';
export type { AccountStatus, Plan } from './entities/account.entity.js';
export { KEY_CACHE_TTL_MS } from './key-cache.js';
export type { AuthAttempt, Principal } from './principal.js';
export { withResourceChallenge } from './resource-challenge.js';
