// Worker threads started by the app under test load its TypeScript sources
// through these hooks (src/common/workers/worker-module.ts); ts-jest only
// transforms what Jest itself loads.
import { register } from 'node:module';

register('./typescript-hooks.mjs', import.meta.url);
