// Types of png.mjs, for the TypeScript tests that drive it.

export type Colour = [number, number, number, number];
export type Point = [number, number];
export type Paint = string | ArrayLike<number> | ((u: number, v: number) => ArrayLike<number>);

export interface Shape {
  /** [minU, minV, maxU, maxV] in user space. */
  bounds: [number, number, number, number];
  /** The [from, to] ranges of u covered on the row at v. */
  spans(v: number): [number, number][];
}

export function parseColour(hex: string): Colour;
export function roundedRect(x: number, y: number, width: number, height: number, radius?: number): Shape;
export function circle(cx: number, cy: number, radius: number): Shape;
export function polygon(points: Point[]): Shape;
export function minus(shape: Shape, hole: Shape): Shape;
export function roundedRectOutline(x: number, y: number, width: number, height: number, radius: number, lineWidth: number): Shape;
export function quadratic(p0: Point, p1: Point, p2: Point, segments?: number): Point[];
export function cubic(p0: Point, p1: Point, p2: Point, p3: Point, segments?: number): Point[];
export function pattern(tile: Picture): (u: number, v: number) => ArrayLike<number>;

export class Picture {
  constructor(width: number, height: number, transform?: { scale?: number; offsetX?: number; offsetY?: number });
  readonly width: number;
  readonly height: number;
  /** RGBA bytes, rows top to bottom. */
  readonly data: Uint8Array;
  fill(shape: Shape, paint: Paint, options?: { opacity?: number }): this;
  stroke(points: Point[], lineWidth: number, paint: Paint, options?: { cap?: 'butt' | 'round'; closed?: boolean; opacity?: number }): this;
  pixel(x: number, y: number): Colour;
  toPng(options?: { level?: number }): Buffer;
}

export class PngCache {
  constructor(limit: number);
  readonly limit: number;
  readonly size: number;
  get(key: string, make: () => Uint8Array): Uint8Array;
  response(key: string, make: () => Uint8Array): Response;
}
