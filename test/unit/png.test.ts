// @vitest-environment node
// The demo's raster painter (demo/png.mjs), behind the image CDN and shop picture stand-ins, and the
// files pngjs writes of it: read back here chunk by chunk (CRCs checked against zlib's own crc32), the
// pixels inflated, and the painted pixels compared with what was asked for.
import { crc32 as zlibCrc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  Picture,
  PngCache,
  circle,
  cubic,
  minus,
  parseColour,
  pattern,
  polygon,
  roundedRect,
  roundedRectOutline,
} from '../../demo/png.mjs';

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
}

/** The chunks after the signature, as written. */
function chunks(file: Buffer): Chunk[] {
  const found: Chunk[] = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at);
    found.push({
      type: file.toString('latin1', at + 4, at + 8),
      data: file.subarray(at + 8, at + 8 + length),
      crc: file.readUInt32BE(at + 8 + length),
    });
    at += 12 + length;
  }
  return found;
}

/** Reads a PNG as `toPng` writes it (8-bit RGBA, filter 0): its size, header fields and pixels. */
function readPng(file: Buffer) {
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const all = chunks(file);
  for (const { type, data, crc } of all) expect(crc, `${type} CRC`).toBe(zlibCrc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  expect(all.map(({ type }) => type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = all[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const rows = inflateSync(Buffer.concat(all.filter(({ type }) => type === 'IDAT').map(({ data }) => data)));
  const stride = 1 + width * 4;
  return {
    width,
    height,
    /** bit depth, colour type, compression, filter method, interlace */
    fields: [...header.subarray(8)],
    rows,
    filters: Array.from({ length: height }, (_, y) => rows[y * stride]),
    pixel: (x: number, y: number) => [...rows.subarray(y * stride + 1 + x * 4, y * stride + 5 + x * 4)],
  };
}

const TRANSPARENT = [0, 0, 0, 0];

describe('parseColour', () => {
  it('reads #rgb, #rgba, #rrggbb and #rrggbbaa; alpha is opaque when not given', () => {
    expect(parseColour('#1f4a35')).toEqual([0x1f, 0x4a, 0x35, 255]);
    expect(parseColour('#00000033')).toEqual([0, 0, 0, 0x33]);
    expect(parseColour('#ABC')).toEqual([0xaa, 0xbb, 0xcc, 255]);
    expect(parseColour('#abc8')).toEqual([0xaa, 0xbb, 0xcc, 0x88]);
  });

  it('refuses what is not a hex colour', () => {
    for (const bad of ['1f4a35', '#1f4a3', '#gg0000', 'red', '', '#1f4a35ff00']) expect(() => parseColour(bad), bad).toThrow(TypeError);
  });
});

describe('toPng', () => {
  it('writes the signature, an RGBA IHDR, IDAT rows of filter 0 and IEND, every CRC right', () => {
    const picture = new Picture(40, 30).fill(roundedRect(5, 5, 20, 10), '#1f4a35');
    const png = readPng(picture.toPng());
    expect([png.width, png.height]).toEqual([40, 30]);
    expect(png.fields).toEqual([8, 6, 0, 0, 0]);
    expect(png.rows.length).toBe(30 * (1 + 40 * 4));
    expect(new Set(png.filters)).toEqual(new Set([0]));
    expect(png.pixel(10, 10)).toEqual([0x1f, 0x4a, 0x35, 255]);
    expect(png.pixel(0, 0)).toEqual(TRANSPARENT);
    expect(png.pixel(25, 10)).toEqual(TRANSPARENT);
  });

  it('keeps every byte of the pixels, at any deflate level', () => {
    const picture = new Picture(7, 3);
    picture.data.set(Uint8Array.from({ length: 7 * 3 * 4 }, (_, index) => (index * 37) % 256));
    for (const level of [0, 1, 9]) {
      const png = readPng(picture.toPng({ level }));
      expect([...Array.from({ length: 3 }, (_, y) => [...png.rows.subarray(y * 29 + 1, y * 29 + 29)]).flat()]).toEqual([...picture.data]);
    }
  });
});

describe('Picture', () => {
  it('starts transparent and refuses an empty or fractional size', () => {
    expect(new Picture(3, 2).data.every((byte) => byte === 0)).toBe(true);
    expect(() => new Picture(0, 10)).toThrow(RangeError);
    expect(() => new Picture(10.5, 10)).toThrow(RangeError);
  });

  it('fills rectangles to their edges and cuts rounded corners', () => {
    const picture = new Picture(100, 100).fill(roundedRect(10, 20, 80, 60, 20), '#a3161c');
    const red = [0xa3, 0x16, 0x1c, 255];
    expect(picture.pixel(50, 50)).toEqual(red);
    expect(picture.pixel(10, 50)).toEqual(red); // left edge, between the corners
    expect(picture.pixel(9, 50)).toEqual(TRANSPARENT);
    expect(picture.pixel(89, 50)).toEqual(red);
    expect(picture.pixel(90, 50)).toEqual(TRANSPARENT);
    expect(picture.pixel(50, 20)).toEqual(red);
    expect(picture.pixel(50, 80)).toEqual(TRANSPARENT);
    expect(picture.pixel(11, 21)).toEqual(TRANSPARENT); // the corner, outside its circle
    expect(picture.pixel(16, 26)).toEqual(red); // inside the corner's circle
  });

  it('fills circles and polygons (a notch stays empty)', () => {
    const picture = new Picture(100, 100)
      .fill(circle(20, 20, 10), '#0000ff')
      .fill(polygon([[50, 50], [90, 50], [90, 60], [60, 60], [60, 90], [50, 90]]), '#00ff00');
    expect(picture.pixel(20, 20)).toEqual([0, 0, 255, 255]);
    expect(picture.pixel(27, 27)).toEqual(TRANSPARENT); // in the box, outside the circle
    expect(picture.pixel(55, 85)).toEqual([0, 255, 0, 255]);
    expect(picture.pixel(85, 55)).toEqual([0, 255, 0, 255]);
    expect(picture.pixel(75, 75)).toEqual(TRANSPARENT);
  });

  it('blends a translucent colour over what is below, and over nothing keeps its alpha', () => {
    const picture = new Picture(20, 10).fill(roundedRect(0, 0, 10, 10), '#ff0000');
    picture.fill(roundedRect(0, 0, 20, 10), '#00000080');
    expect(picture.pixel(5, 5)).toEqual([127, 0, 0, 255]);
    expect(picture.pixel(15, 5)).toEqual([0, 0, 0, 0x80]);
    picture.fill(roundedRect(0, 0, 20, 10), '#ffffff', { opacity: 0 });
    expect(picture.pixel(15, 5)).toEqual([0, 0, 0, 0x80]);
  });

  it('outlines a rounded rectangle with the line centred on its edge, the inside left alone', () => {
    const picture = new Picture(60, 60).fill(roundedRectOutline(10, 10, 40, 40, 8, 4), '#ffffff');
    expect(picture.pixel(30, 8)).toEqual([255, 255, 255, 255]);
    expect(picture.pixel(30, 11)).toEqual([255, 255, 255, 255]);
    expect(picture.pixel(30, 12)).toEqual(TRANSPARENT);
    expect(picture.pixel(30, 7)).toEqual(TRANSPARENT);
    expect(picture.pixel(30, 30)).toEqual(TRANSPARENT);
    const ring = minus(roundedRect(0, 0, 10, 10), roundedRect(2, 2, 6, 6));
    expect(ring.spans(5)).toEqual([[0, 2], [8, 10]]);
    expect(ring.spans(1)).toEqual([[0, 10]]);
  });

  it('strokes lines with butt or round ends, each pixel painted once where segments meet', () => {
    const line: [number, number][] = [[10, 10.5], [30, 10.5], [50, 10.5]];
    const butt = new Picture(60, 20).stroke(line, 4, '#00000080');
    expect(butt.pixel(20, 10)).toEqual([0, 0, 0, 0x80]);
    expect(butt.pixel(30, 10)).toEqual([0, 0, 0, 0x80]); // the join, not painted twice
    expect(butt.pixel(20, 13)).toEqual(TRANSPARENT);
    expect(butt.pixel(8, 10)).toEqual(TRANSPARENT);
    const round = new Picture(60, 20).stroke(line, 4, '#000000', { cap: 'round' });
    expect(round.pixel(8, 10)).toEqual([0, 0, 0, 255]);
    expect(round.pixel(51, 10)).toEqual([0, 0, 0, 255]);
    const closed = new Picture(20, 20).stroke([[2, 2], [18, 2], [18, 18], [2, 18]], 2, '#000000', { closed: true });
    expect(closed.pixel(2, 10)).toEqual([0, 0, 0, 255]); // the closing side
    expect(closed.pixel(10, 10)).toEqual(TRANSPARENT);
  });

  it('follows curves: a cubic starts and ends at its end points and passes between', () => {
    const curve = cubic([0, 0], [0, 100], [100, 100], [100, 0], 10);
    expect(curve[0]).toEqual([0, 0]);
    expect(curve.at(-1)).toEqual([100, 0]);
    expect(curve[5]).toEqual([50, 75]);
  });

  it('repeats a pattern tile from the origin', () => {
    const tile = new Picture(4, 4).fill(roundedRect(0, 0, 4, 4), '#111111').fill(roundedRect(0, 0, 2, 2), '#eeeeee');
    const picture = new Picture(16, 16).fill(circle(8, 8, 8), pattern(tile));
    expect(picture.pixel(4, 4)).toEqual([0xee, 0xee, 0xee, 255]);
    expect(picture.pixel(6, 6)).toEqual([0x11, 0x11, 0x11, 255]);
    expect(picture.pixel(9, 8)).toEqual([0xee, 0xee, 0xee, 255]);
    expect(picture.pixel(0, 0)).toEqual(TRANSPARENT);
  });

  it('scales and offsets user space, as a viewBox fitted into a smaller picture', () => {
    // An 800x800 drawing in 200x100: scaled by 1/8, centred across (50 pixels either side).
    const picture = new Picture(200, 100, { scale: 1 / 8, offsetX: 50, offsetY: 0 }).fill(roundedRect(0, 0, 800, 800), '#ff0000');
    expect(picture.pixel(49, 50)).toEqual(TRANSPARENT);
    expect(picture.pixel(50, 50)).toEqual([255, 0, 0, 255]);
    expect(picture.pixel(149, 99)).toEqual([255, 0, 0, 255]);
    expect(picture.pixel(150, 50)).toEqual(TRANSPARENT);
  });
});

describe('PngCache', () => {
  it('makes each key once, and forgets the least recently used beyond its limit', () => {
    const cache = new PngCache(2);
    let made = 0;
    const make = () => Uint8Array.of((made += 1));
    expect(cache.get('a', make)).toEqual(Uint8Array.of(1));
    expect(cache.get('a', make)).toEqual(Uint8Array.of(1));
    cache.get('b', make);
    cache.get('a', make); // a is now the most recent
    cache.get('c', make); // b goes
    expect(cache.size).toBe(2);
    expect(made).toBe(3);
    expect(cache.get('a', make)).toEqual(Uint8Array.of(1));
    expect(cache.get('b', make)).toEqual(Uint8Array.of(4));
  });
});
