// Product pictures of the demo shop, drawn as SVG at the URLs its products give (served under .png
// names, as the image CDN stand-in does). Spec §7.1 resizes the installation image by a filename
// suffix (`installation_200x200.png?v=1`), so any `_{width}x{height}` suffix is served at that size.

const PICTURES = {
  'charge-point':
    '<rect width="800" height="800" fill="#eef1f4"/><rect x="250" y="120" width="300" height="520" rx="48" fill="#1f4a35"/>' +
    '<rect x="300" y="200" width="200" height="110" rx="12" fill="#0b1d2e"/><circle cx="400" cy="470" r="60" fill="#16181b"/>' +
    '<title>Charge Point</title>',
  installation:
    '<rect width="800" height="800" fill="#dfe9f2"/><path d="M120 380 L400 160 L680 380 V700 H120 Z" fill="#c9b79c" stroke="#6b5a44" stroke-width="10"/>' +
    '<rect x="470" y="440" width="110" height="190" rx="20" fill="#1f4a35"/><path d="M525 630 C 525 720, 300 700, 260 760" stroke="#16181b" stroke-width="16" fill="none"/>' +
    '<title>Installation</title>',
};

/** Sizes outside 16-2000 pixels are brought inside; no suffix means the original 800x800. */
const pixels = (value) => (value === undefined ? 800 : Math.min(2000, Math.max(16, Number(value))));

export const imageRoutes = [
  {
    method: 'GET',
    pattern: /^\/demo-images\/(?<name>[a-z-]+?)(?:_(?<width>\d{1,4})x(?<height>\d{1,4}))?\.png$/,
    handler: (_request, { name, width, height }) => {
      if (!Object.hasOwn(PICTURES, name)) {
        return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      }
      return new Response(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels(width)}" height="${pixels(height)}" viewBox="0 0 800 800">${PICTURES[name]}</svg>`,
        { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=3600' } },
      );
    },
  },
];
