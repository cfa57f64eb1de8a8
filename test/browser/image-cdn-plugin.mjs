// A @web/test-runner plugin serving the demo's image CDN stand-in at /cdn, where elements without
// `image-cdn` look for their preview images, so browser tests load real pictures instead of 404s.
import { cdnRoutes } from '../../demo/cdn.mjs';

export const imageCdnPlugin = {
  name: 'evc-image-cdn',
  async serve(context) {
    for (const route of cdnRoutes) {
      const match = route.pattern.exec(context.path);
      if (!match) continue;
      const response = await route.handler(context.request, match.groups ?? {});
      return { body: await response.text(), type: response.headers.get('content-type') ?? undefined };
    }
    return undefined;
  },
};
