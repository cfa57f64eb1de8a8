// Image CDN stand-in: paints a distinct picture for every preview view and colour, and the photo
// swatches of the wood and carbon finishes, at the URLs the element builds (PREVIEW-6).
// Pictures are real PNG, as the real CDN serves raster images (decoded off the browser's main
// thread; SVG would be laid out on it, and page-load figures would measure the stand-in).
import { UK_CATALOGUE } from '../dist/server.js';
import { Picture, PngCache, cubic, pattern, polygon, quadratic, roundedRect, roundedRectOutline, circle, parseColour } from './png.mjs';

const allColours = () => {
  const { front, body, hook } = UK_CATALOGUE.colours;
  return [...front.standard, ...front.premium, ...front.limited, ...body, ...hook];
};

const WOOD_TONES = {
  cotswold_oak: ['#b98a55', '#8d6236'],
  sorong_teak: ['#9c6a3c', '#6d4523'],
  french_walnut: ['#6b4a32', '#47301f'],
  charcoal: ['#3b3a38', '#232221'],
};

const UNKNOWN_GREY = '#9aa0a6';

/** A 24x80 tile of wood: the light tone with two dark grain lines. */
function woodGrain([light, dark]) {
  const tile = new Picture(24, 80).fill(roundedRect(0, 0, 24, 80), light);
  tile.stroke(quadratic([0, 10], [12, 30], [0, 50]), 3, dark);
  tile.stroke(quadratic([12, 0], [24, 40], [12, 80]), 3, dark);
  return pattern(tile);
}

/** A 16x16 tile of carbon weave: two lighter squares on a dark one. */
function carbonWeave() {
  const tile = new Picture(16, 16).fill(roundedRect(0, 0, 16, 16), '#1d1f22');
  tile.fill(roundedRect(0, 0, 8, 8), '#34373c').fill(roundedRect(8, 8, 8, 8), '#34373c');
  return pattern(tile);
}

/** The paint for a colour slug: its hex, a wood grain or the carbon weave; grey for unknown slugs. */
function paintFor(slug) {
  if (WOOD_TONES[slug]) return woodGrain(WOOD_TONES[slug]);
  if (slug === 'andersen_carbon') return carbonWeave();
  const hex = allColours().find((c) => c.id === slug)?.color;
  try {
    return parseColour(hex);
  } catch {
    return parseColour(UNKNOWN_GREY);
  }
}

// Encoding an 800x1000 picture is worth doing once: answers are kept by what they show (view and
// slug, swatch slug, cable). Known pictures are about 100; unknown slugs are bounded by the limit.
const cache = new PngCache(300);

const png = (key, draw) =>
  new Response(cache.get(key, () => draw().toPng()), {
    headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=3600' },
  });

/** The charger's body, as the front and vision views show it. */
function frontPanel(picture, paint) {
  picture.fill(roundedRect(170, 120, 460, 760, 60), paint);
  return picture.fill(roundedRectOutline(170, 120, 460, 760, 60, 6), '#00000033');
}

/** One preview layer: the part drawn in the colour, on a transparent background, 800x1000. */
function viewPicture(view, slug) {
  const paint = paintFor(slug);
  const picture = new Picture(800, 1000);
  switch (view) {
    case 'front':
      return frontPanel(picture, paint);
    case 'vision':
      // The display, with a bright bar where its "7.4 kW" reading is.
      frontPanel(picture, paint).fill(roundedRect(260, 240, 280, 150, 16), '#0b1d2e');
      return picture.fill(roundedRect(290, 285, 220, 45, 6), '#5fe3a1');
    case 'side':
      return picture.fill(roundedRect(120, 80, 560, 840, 80), paint, { opacity: 0.9 });
    default: {
      const hook = [[560, 700], [680, 700], [680, 760], [620, 760], [620, 840], [560, 840]];
      picture.fill(polygon(hook), paint);
      return picture.stroke(hook, 4, '#00000055', { closed: true });
    }
  }
}

/** A round photo swatch of a finish, 80x80. */
const swatchPicture = (slug) => new Picture(80, 80).fill(circle(40, 40, 38), paintFor(slug));

/** The coiled tethered cable, 400x600. */
function cablePicture() {
  // "M200 40 C 60 120, 340 200, 200 280 S 60 440, 200 520": S mirrors (340, 200) about (200, 280).
  const coil = [...cubic([200, 40], [60, 120], [340, 200], [200, 280]), ...cubic([200, 280], [60, 360], [60, 440], [200, 520]).slice(1)];
  return new Picture(400, 600).stroke(coil, 26, '#1b1c1e', { cap: 'round' });
}

export const cdnRoutes = [
  {
    method: 'GET',
    pattern: /^\/cdn\/(?<view>front|vision|side|hook)_quartz_(?<slug>[a-z0-9_]+)\.png$/,
    handler: (_request, { view, slug }) => png(`${view}_quartz_${slug}`, () => viewPicture(view, slug)),
  },
  {
    method: 'GET',
    pattern: /^\/cdn\/(?:front|body|hook)\/(?<slug>[a-z0-9_]+)\.png$/,
    handler: (_request, { slug }) => png(`swatch/${slug}`, () => swatchPicture(slug)),
  },
  {
    method: 'GET',
    pattern: /^\/cdn\/cable\/(?<name>[a-z0-9_]+)\.png$/,
    // Every cable has the same picture: one encoding serves them all.
    handler: () => png('cable', cablePicture),
  },
];
