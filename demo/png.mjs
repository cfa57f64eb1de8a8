// A small raster painter for the demo's picture stand-ins (image CDN, shop products), encoded by pngjs.
// Real CDNs answer raster PNG/WebP, which browsers decode off the main thread; SVG under a .png name
// would make every <img> a document of its own, laid out on the main thread, and page-load figures
// (npm run bench) would measure the stand-in. Shapes are tested at each pixel's centre, without
// anti-aliasing; colours blend "source over" on a transparent canvas; PNG is 8-bit RGBA (colour
// type 6) with every row unfiltered (filtering costs more time in JavaScript than it saves zlib on
// these flat pictures).
import { PNG } from 'pngjs';

// ---------------------------------------------------------------------------------------------
// Colours

/**
 * [r, g, b, a] (0-255) for '#rgb', '#rgba', '#rrggbb' or '#rrggbbaa'.
 * @param {string} hex
 * @returns {[number, number, number, number]}
 */
export function parseColour(hex) {
  const match = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex);
  if (!match) throw new TypeError(`Not a hex colour: ${hex}`);
  let digits = match[1];
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join('');
  if (digits.length === 6) digits += 'ff';
  return [0, 2, 4, 6].map((at) => Number.parseInt(digits.slice(at, at + 2), 16));
}

// ---------------------------------------------------------------------------------------------
// Shapes, in the picture's user space: their bounds, and the spans [from, to] of u that they cover
// on the row at v (a pixel is covered when its centre is in a span).

const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

/** A rectangle with corners rounded by `radius` (at most half its shorter side). */
export function roundedRect(x, y, width, height, radius = 0) {
  const r = clamp(radius, 0, Math.min(width, height) / 2);
  return {
    bounds: [x, y, x + width, y + height],
    spans(v) {
      if (v < y || v > y + height) return [];
      // Within r of the rectangle shrunk by r: in a corner's rows, the ends are cut by its circle.
      const dv = v - clamp(v, y + r, y + height - r);
      const inset = r - Math.sqrt(r * r - dv * dv);
      return [[x + inset, x + width - inset]];
    },
  };
}

/** A circle. */
export function circle(cx, cy, radius) {
  return {
    bounds: [cx - radius, cy - radius, cx + radius, cy + radius],
    spans(v) {
      const dv = v - cy;
      if (dv * dv > radius * radius) return [];
      const half = Math.sqrt(radius * radius - dv * dv);
      return [[cx - half, cx + half]];
    },
  };
}

/** A polygon of [x, y] points, filled by the even-odd rule. */
export function polygon(points) {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return {
    bounds: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    spans(v) {
      // Where the row crosses the edges, left to right: inside between the 1st and 2nd, 3rd and 4th...
      const crossings = [];
      for (let i = 0, j = points.length - 1; i < points.length; j = i, i += 1) {
        const [xi, yi] = points[i];
        const [xj, yj] = points[j];
        if (yi > v !== yj > v) crossings.push(((xj - xi) * (v - yi)) / (yj - yi) + xi);
      }
      crossings.sort((a, b) => a - b);
      const spans = [];
      for (let at = 0; at + 1 < crossings.length; at += 2) spans.push([crossings[at], crossings[at + 1]]);
      return spans;
    },
  };
}

/** The points of `shape` that are not in `hole` (an outline: a shape minus its inside). */
export function minus(shape, hole) {
  return {
    bounds: shape.bounds,
    spans(v) {
      let spans = shape.spans(v);
      for (const [holeFrom, holeTo] of hole.spans(v)) {
        spans = spans.flatMap(([from, to]) => {
          if (holeTo < from || holeFrom > to) return [[from, to]];
          // What is left either side of the hole.
          return [...(from < holeFrom ? [[from, holeFrom]] : []), ...(to > holeTo ? [[holeTo, to]] : [])];
        });
      }
      return spans;
    },
  };
}

/** The outline of a rounded rectangle as SVG strokes it: `lineWidth` centred on its edge. */
export function roundedRectOutline(x, y, width, height, radius, lineWidth) {
  const half = lineWidth / 2;
  return minus(
    roundedRect(x - half, y - half, width + lineWidth, height + lineWidth, radius + half),
    roundedRect(x + half, y + half, width - lineWidth, height - lineWidth, Math.max(0, radius - half)),
  );
}

// Curves become polylines of this many segments: smooth enough at these sizes.
const CURVE_SEGMENTS = 48;

/** The polyline of a quadratic Bézier curve from p0 to p2 (points are [x, y]). */
export function quadratic(p0, p1, p2, segments = CURVE_SEGMENTS) {
  return Array.from({ length: segments + 1 }, (_, index) => {
    const t = index / segments;
    const s = 1 - t;
    return [0, 1].map((axis) => s * s * p0[axis] + 2 * s * t * p1[axis] + t * t * p2[axis]);
  });
}

/** The polyline of a cubic Bézier curve from p0 to p3. */
export function cubic(p0, p1, p2, p3, segments = CURVE_SEGMENTS) {
  return Array.from({ length: segments + 1 }, (_, index) => {
    const t = index / segments;
    const s = 1 - t;
    return [0, 1].map((axis) => s ** 3 * p0[axis] + 3 * s * s * t * p1[axis] + 3 * s * t * t * p2[axis] + t ** 3 * p3[axis]);
  });
}

// ---------------------------------------------------------------------------------------------
// Paints: a colour for every point of a shape.

/**
 * A paint from a hex colour, an [r, g, b, a] colour, or a function (u, v) → [r, g, b, a].
 * @returns {(u: number, v: number) => ArrayLike<number>}
 */
function toPaint(paint) {
  if (typeof paint === 'function') return paint;
  const colour = typeof paint === 'string' ? parseColour(paint) : paint;
  return () => colour;
}

/** A paint repeating `tile` (a Picture) from the user-space origin, as an SVG userSpaceOnUse pattern. */
export function pattern(tile) {
  const { width, height, data } = tile;
  const colour = [0, 0, 0, 0];
  return (u, v) => {
    const x = Math.floor(((u % width) + width) % width);
    const y = Math.floor(((v % height) + height) % height);
    const at = (y * width + x) * 4;
    colour[0] = data[at];
    colour[1] = data[at + 1];
    colour[2] = data[at + 2];
    colour[3] = data[at + 3];
    return colour;
  };
}

// ---------------------------------------------------------------------------------------------
// The picture

/** An [r, g, b, a] colour as one 32-bit word of a Uint32Array over RGBA bytes (any byte order). */
function packed(colour) {
  return new Uint32Array(Uint8Array.from(colour).buffer)[0];
}

export class Picture {
  /** The pixels, one word each, over the same bytes as `data`. */
  #words;

  /**
   * A transparent picture of width x height pixels. User space (where shapes are given) maps to
   * pixels by `scale`, then an offset: as an SVG viewBox fitted into its width and height.
   */
  constructor(width, height, { scale = 1, offsetX = 0, offsetY = 0 } = {}) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
      throw new RangeError(`Bad picture size ${width}x${height}`);
    }
    this.width = width;
    this.height = height;
    this.data = new Uint8Array(width * height * 4);
    this.#words = new Uint32Array(this.data.buffer);
    this.scale = scale;
    this.offsetX = offsetX;
    this.offsetY = offsetY;
  }

  /** The pixel columns and rows (clamped to the picture) that a user-space box touches. */
  #pixelRange([minU, minV, maxU, maxV], margin = 0) {
    const { scale, offsetX, offsetY } = this;
    return [
      clamp(Math.floor((minU - margin) * scale + offsetX), 0, this.width),
      clamp(Math.floor((minV - margin) * scale + offsetY), 0, this.height),
      clamp(Math.ceil((maxU + margin) * scale + offsetX), 0, this.width),
      clamp(Math.ceil((maxV + margin) * scale + offsetY), 0, this.height),
    ];
  }

  /** Paints `colour` (alpha times `opacity`) over pixel `index` (of the data, a multiple of 4). */
  #blend(index, colour, opacity) {
    const { data } = this;
    const alpha = (colour[3] / 255) * opacity;
    if (alpha <= 0) return;
    if (alpha >= 1) {
      data[index] = colour[0];
      data[index + 1] = colour[1];
      data[index + 2] = colour[2];
      data[index + 3] = 255;
      return;
    }
    const below = (data[index + 3] / 255) * (1 - alpha);
    const total = alpha + below;
    for (let channel = 0; channel < 3; channel += 1) {
      data[index + channel] = Math.round((colour[channel] * alpha + data[index + channel] * below) / total);
    }
    data[index + 3] = Math.round(total * 255);
  }

  /** The user-space coordinates of the centres of pixel column x and pixel row y. */
  #userU(x) {
    return (x + 0.5 - this.offsetX) / this.scale;
  }

  #userV(y) {
    return (y + 0.5 - this.offsetY) / this.scale;
  }

  /** Fills `shape` with `paint`. */
  fill(shape, paint, { opacity = 1 } = {}) {
    const colourAt = toPaint(paint);
    // An opaque colour is written as whole words, a span at a time.
    const solid = typeof paint === 'function' ? null : colourAt(0, 0);
    const word = solid && solid[3] === 255 && opacity >= 1 ? packed(solid) : null;
    const [, y0, , y1] = this.#pixelRange(shape.bounds);
    const { scale, offsetX, width } = this;
    for (let y = y0; y < y1; y += 1) {
      const v = this.#userV(y);
      for (const [from, to] of shape.spans(v)) {
        // The pixels whose centres are in the span.
        const x0 = clamp(Math.ceil(from * scale + offsetX - 0.5), 0, width);
        const x1 = clamp(Math.floor(to * scale + offsetX - 0.5) + 1, 0, width);
        if (x1 <= x0) continue;
        if (word !== null) this.#words.fill(word, y * width + x0, y * width + x1);
        else for (let x = x0; x < x1; x += 1) this.#blend((y * width + x) * 4, colourAt(this.#userU(x), v), opacity);
      }
    }
    return this;
  }

  /**
   * Strokes the polyline `points` with a line `lineWidth` wide: round joins; ends 'butt' (cut
   * square at the end points) or 'round'; `closed` joins the last point to the first. Each pixel
   * is painted once, however many segments cover it.
   */
  stroke(points, lineWidth, paint, { cap = 'butt', closed = false, opacity = 1 } = {}) {
    const colourAt = toPaint(paint);
    const half = lineWidth / 2;
    const segments = points.slice(1).map((point, index) => [points[index], point]);
    if (closed && points.length > 2) segments.push([points.at(-1), points[0]]);
    const covered = new Uint8Array(this.width * this.height);
    let [minX, minY, maxX, maxY] = [this.width, this.height, 0, 0];
    segments.forEach(([[ax, ay], [bx, by]], index) => {
      const cutStart = !closed && cap === 'butt' && index === 0;
      const cutEnd = !closed && cap === 'butt' && index === segments.length - 1;
      const dx = bx - ax;
      const dy = by - ay;
      const length2 = dx * dx + dy * dy;
      const box = [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
      const [x0, y0, x1, y1] = this.#pixelRange(box, half);
      for (let y = y0; y < y1; y += 1) {
        const v = this.#userV(y);
        for (let x = x0; x < x1; x += 1) {
          const u = this.#userU(x);
          const along = length2 === 0 ? 0 : ((u - ax) * dx + (v - ay) * dy) / length2;
          if ((cutStart && along < 0) || (cutEnd && along > 1)) continue;
          const t = clamp(along, 0, 1);
          if ((u - ax - t * dx) ** 2 + (v - ay - t * dy) ** 2 > half * half) continue;
          covered[y * this.width + x] = 1;
          minX = Math.min(minX, x);
          minY = Math.min(minY, y);
          maxX = Math.max(maxX, x);
          maxY = Math.max(maxY, y);
        }
      }
    });
    for (let y = minY; y <= maxY; y += 1) {
      for (let x = minX; x <= maxX; x += 1) {
        if (covered[y * this.width + x]) this.#blend((y * this.width + x) * 4, colourAt(this.#userU(x), this.#userV(y)), opacity);
      }
    }
    return this;
  }

  /** The [r, g, b, a] of pixel (x, y). */
  pixel(x, y) {
    const at = (y * this.width + x) * 4;
    return [...this.data.subarray(at, at + 4)];
  }

  /** The picture as a PNG file. */
  toPng({ level = 6 } = {}) {
    const data = Buffer.from(this.data.buffer, this.data.byteOffset, this.data.byteLength);
    // pngjs deflates run-length only unless told otherwise: zlib's default strategy makes these files far smaller.
    return PNG.sync.write({ width: this.width, height: this.height, data }, { filterType: 0, deflateLevel: level, deflateStrategy: 0 });
  }
}

// ---------------------------------------------------------------------------------------------
// Answers

/**
 * Encoded pictures by key (their URL), at most `limit` of them: the oldest used goes first. A
 * picture is drawn and encoded once, then served from memory.
 */
export class PngCache {
  #entries = new Map();

  constructor(limit) {
    this.limit = limit;
  }

  get size() {
    return this.#entries.size;
  }

  /** The bytes for `key`, made by `make()` when not kept. */
  get(key, make) {
    let bytes = this.#entries.get(key);
    if (bytes) {
      this.#entries.delete(key);
    } else {
      bytes = make();
    }
    this.#entries.set(key, bytes);
    while (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value);
    return bytes;
  }

  /** The answer for `key`: its PNG, which a browser may keep for an hour, as a CDN's pictures. */
  response(key, make) {
    return new Response(this.get(key, make), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=3600' } });
  }
}
