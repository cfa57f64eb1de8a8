// Product pictures of the demo shop, painted as real PNG (as Shopify's CDN serves raster images) at
// the URLs its products give. CART-7 resizes the installation image by a filename suffix
// (`installation_200x200.png?v=1`), so any `_{width}x{height}` suffix is served at that size.
import { Picture, PngCache, circle, cubic, polygon, roundedRect } from '../png.mjs';

/** Each picture drawn on an 800x800 user space. */
const PICTURES = {
  'charge-point': (picture) =>
    picture
      .fill(roundedRect(0, 0, 800, 800), '#eef1f4')
      .fill(roundedRect(250, 120, 300, 520, 48), '#1f4a35')
      .fill(roundedRect(300, 200, 200, 110, 12), '#0b1d2e')
      .fill(circle(400, 470, 60), '#16181b'),
  installation: (picture) => {
    const house = [[120, 380], [400, 160], [680, 380], [680, 700], [120, 700]];
    return picture
      .fill(roundedRect(0, 0, 800, 800), '#dfe9f2')
      .fill(polygon(house), '#c9b79c')
      .stroke(house, 10, '#6b5a44', { closed: true })
      .fill(roundedRect(470, 440, 110, 190, 20), '#1f4a35')
      .stroke(cubic([525, 630], [525, 720], [300, 700], [260, 760]), 16, '#16181b');
  },
};

/** Sizes outside 16-2000 pixels are brought inside; no suffix means the original 800x800. */
const pixels = (value) => (value === undefined ? 800 : Math.min(2000, Math.max(16, Number(value))));

/**
 * One picture at width x height: the 800x800 drawing scaled to fit and centred, the margins
 * transparent (as an SVG viewBox is fitted by default).
 */
function paint(name, width, height) {
  const scale = Math.min(width, height) / 800;
  const picture = new Picture(width, height, { scale, offsetX: (width - 800 * scale) / 2, offsetY: (height - 800 * scale) / 2 });
  return PICTURES[name](picture).toPng();
}

// Two pictures at whatever sizes pages ask for: the most recent hundred encodings are kept.
const cache = new PngCache(100);

export const imageRoutes = [
  {
    method: 'GET',
    pattern: /^\/demo-images\/(?<name>[a-z-]+?)(?:_(?<width>\d{1,4})x(?<height>\d{1,4}))?\.png$/,
    handler: (_request, { name, width, height }) => {
      if (!Object.hasOwn(PICTURES, name)) {
        return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      }
      const [w, h] = [pixels(width), pixels(height)];
      return new Response(
        cache.get(`${name}_${w}x${h}`, () => paint(name, w, h)),
        { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' } },
      );
    },
  },
];
