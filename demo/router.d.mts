// Types of router.mjs, for the TypeScript tests that route requests to stand-ins in process.
import type { DemoRoute } from './storefront/stand-in.mjs';

export function createRouter(routes: DemoRoute[]): (request: Request) => Promise<Response>;
