export { ConsoleModule } from './console.module.js';
export { SecondFactors } from './sign-in/factors/second-factors.js';
export { SecondFactorsModule } from './sign-in/factors/second-factors.module.js';
export { toPublicAddress } from './sign-in/session/public-address-redirect.js';
