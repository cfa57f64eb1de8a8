// Image CDN stand-in: draws a distinct picture for every preview view and colour, and the photo
// swatches of the wood and carbon finishes, at the URLs the element builds (spec §2 "Preview").
// Pictures are SVG (served under the .png names the element asks for; browsers go by content type).
import { UK_CATALOGUE } from '../dist/server.js';

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

const escapeXml = (text) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fill for a colour slug: its hex, a wood grain or the carbon weave; grey for unknown slugs. */
function fillFor(slug) {
  const colour = allColours().find((c) => c.id === slug);
  if (WOOD_TONES[slug]) {
    const [light, dark] = WOOD_TONES[slug];
    return {
      name: colour?.name ?? slug,
      defs: `<pattern id="p" width="24" height="80" patternUnits="userSpaceOnUse"><rect width="24" height="80" fill="${light}"/><path d="M0 10 Q12 30 0 50 M12 0 Q24 40 12 80" stroke="${dark}" stroke-width="3" fill="none"/></pattern>`,
      fill: 'url(#p)',
    };
  }
  if (slug === 'andersen_carbon') {
    return {
      name: colour?.name ?? slug,
      defs: '<pattern id="p" width="16" height="16" patternUnits="userSpaceOnUse"><rect width="16" height="16" fill="#1d1f22"/><rect width="8" height="8" fill="#34373c"/><rect x="8" y="8" width="8" height="8" fill="#34373c"/></pattern>',
      fill: 'url(#p)',
    };
  }
  return { name: colour?.name ?? slug, defs: '', fill: colour?.color ?? '#9aa0a6' };
}

const svg = (width, height, body) =>
  new Response(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' },
  });

/** One preview layer: the part drawn in the colour, on a transparent background, 800x1000. */
function viewPicture(view, slug) {
  const { name, defs, fill } = fillFor(slug);
  const shapes = {
    front: `<rect x="170" y="120" width="460" height="760" rx="60" fill="${fill}" stroke="#00000033" stroke-width="6"/>`,
    vision: `<rect x="170" y="120" width="460" height="760" rx="60" fill="${fill}" stroke="#00000033" stroke-width="6"/><rect x="260" y="240" width="280" height="150" rx="16" fill="#0b1d2e"/><text x="400" y="330" font-size="64" text-anchor="middle" fill="#5fe3a1" font-family="monospace">7.4 kW</text>`,
    side: `<rect x="120" y="80" width="560" height="840" rx="80" fill="${fill}" opacity="0.9"/>`,
    hook: `<path d="M560 700 h120 v60 h-60 v80 h-60 z" fill="${fill}" stroke="#00000055" stroke-width="4"/>`,
  }[view];
  return svg(800, 1000, `<defs>${defs}</defs>${shapes}<title>${escapeXml(`${view}: ${name}`)}</title>`);
}

/** A round photo swatch of a finish. */
function swatchPicture(slug) {
  const { name, defs, fill } = fillFor(slug);
  return svg(80, 80, `<defs>${defs}</defs><circle cx="40" cy="40" r="38" fill="${fill}"/><title>${escapeXml(name)}</title>`);
}

/** The coiled tethered cable, 400x600. */
function cablePicture(name) {
  return svg(
    400,
    600,
    `<path d="M200 40 C 60 120, 340 200, 200 280 S 60 440, 200 520" stroke="#1b1c1e" stroke-width="26" fill="none" stroke-linecap="round"/><title>${escapeXml(name)}</title>`,
  );
}

export const cdnRoutes = [
  {
    method: 'GET',
    pattern: /^\/cdn\/(?<view>front|vision|side|hook)_quartz_(?<slug>[a-z0-9_]+)\.png$/,
    handler: (_request, { view, slug }) => viewPicture(view, slug),
  },
  {
    method: 'GET',
    pattern: /^\/cdn\/(?:front|body|hook)\/(?<slug>[a-z0-9_]+)\.png$/,
    handler: (_request, { slug }) => swatchPicture(slug),
  },
  {
    method: 'GET',
    pattern: /^\/cdn\/cable\/(?<name>[a-z0-9_]+)\.png$/,
    handler: (_request, { name }) => cablePicture(name),
  },
];
