export { OpenApiModule } from './openapi.module.js';
export { setupOpenApi } from './openapi.setup.js';
