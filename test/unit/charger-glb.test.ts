// demo/assets/charger.glb (scripts/make-charger-glb.mjs) is a valid binary
// glTF 2.0 file whose materials `front` and `body` the element recolours.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const bytes = readFileSync(join(import.meta.dirname, '../../demo/assets/charger.glb'));
const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const u32 = (offset: number) => view.getUint32(offset, true);

interface Accessor {
  bufferView: number;
  byteOffset?: number;
  componentType: number;
  count: number;
  type: 'SCALAR' | 'VEC3';
  min?: number[];
  max?: number[];
}
interface Gltf {
  asset: { version: string };
  scene: number;
  scenes: { nodes: number[] }[];
  nodes: { mesh: number }[];
  meshes: { primitives: { attributes: Record<string, number>; indices: number; material: number; mode?: number }[] }[];
  materials: { name: string; pbrMetallicRoughness: { baseColorFactor: number[]; metallicFactor: number; roughnessFactor: number } }[];
  accessors: Accessor[];
  bufferViews: { buffer: number; byteOffset?: number; byteLength: number; byteStride?: number }[];
  buffers: { byteLength: number; uri?: string }[];
}

const jsonLength = u32(12);
const gltf = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as Gltf;
const binStart = 20 + jsonLength;
const binLength = u32(binStart);
const bin = new DataView(bytes.buffer, bytes.byteOffset + binStart + 8, binLength);

const COMPONENT_BYTES: Record<number, number> = { 5126: 4, 5123: 2, 5125: 4 };
const COMPONENTS = { SCALAR: 1, VEC3: 3 } as const;

/** Every component an accessor addresses, read from the BIN chunk. */
function read(accessor: Accessor): number[] {
  const bufferView = gltf.bufferViews[accessor.bufferView]!;
  const size = COMPONENT_BYTES[accessor.componentType]!;
  const start = (bufferView.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
  const components = COMPONENTS[accessor.type];
  // Attributes may be interleaved in one bufferView: each element then starts `byteStride` bytes after the last.
  const stride = bufferView.byteStride ?? size * components;
  return Array.from({ length: accessor.count * components }, (_, index) => {
    const offset = start + Math.floor(index / components) * stride + (index % components) * size;
    if (accessor.componentType === 5126) return bin.getFloat32(offset, true);
    return accessor.componentType === 5123 ? bin.getUint16(offset, true) : bin.getUint32(offset, true);
  });
}

describe('demo/assets/charger.glb', () => {
  it('has the GLB header and two chunks, JSON then BIN, whose lengths add up to the file', () => {
    expect(bytes.length).toBeLessThan(16 * 1024);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(u32(4)).toBe(2);
    expect(u32(8)).toBe(bytes.length);
    expect(bytes.subarray(16, 20).toString('latin1')).toBe('JSON');
    expect(jsonLength % 4).toBe(0);
    expect(bytes.subarray(binStart + 4, binStart + 8).toString('latin1')).toBe('BIN\0');
    expect(binLength % 4).toBe(0);
    expect(binStart + 8 + binLength).toBe(bytes.length);
    expect(gltf.asset.version).toBe('2.0');
  });

  it('keeps every buffer view inside the BIN chunk and every accessor inside its view', () => {
    expect(gltf.buffers).toHaveLength(1);
    expect(gltf.buffers[0]!.uri).toBeUndefined();
    expect(gltf.buffers[0]!.byteLength).toBeLessThanOrEqual(binLength);
    for (const bufferView of gltf.bufferViews) {
      expect(bufferView.buffer).toBe(0);
      expect((bufferView.byteOffset ?? 0) % 4).toBe(0);
      expect((bufferView.byteOffset ?? 0) + bufferView.byteLength).toBeLessThanOrEqual(gltf.buffers[0]!.byteLength);
    }
    for (const accessor of gltf.accessors) {
      const bufferView = gltf.bufferViews[accessor.bufferView];
      expect(bufferView).toBeDefined();
      const size = COMPONENT_BYTES[accessor.componentType]! * COMPONENTS[accessor.type];
      expect((accessor.byteOffset ?? 0) + accessor.count * size).toBeLessThanOrEqual(bufferView!.byteLength);
    }
  });

  it('gives each POSITION accessor the exact min and max of its data, and indices within the vertices', () => {
    const primitives = gltf.meshes.flatMap((mesh) => mesh.primitives);
    expect(primitives.length).toBeGreaterThanOrEqual(2);
    for (const primitive of primitives) {
      expect(primitive.mode ?? 4).toBe(4);
      const position = gltf.accessors[primitive.attributes['POSITION']!]!;
      const normal = gltf.accessors[primitive.attributes['NORMAL']!]!;
      expect([position.type, normal.type, normal.count]).toEqual(['VEC3', 'VEC3', position.count]);
      const values = read(position);
      for (let axis = 0; axis < 3; axis += 1) {
        const column = values.filter((_, index) => index % 3 === axis);
        expect(position.min![axis]).toBe(Math.min(...column));
        expect(position.max![axis]).toBe(Math.max(...column));
      }
      const normals = read(normal);
      for (let index = 0; index < normals.length; index += 3) {
        expect(Math.hypot(normals[index]!, normals[index + 1]!, normals[index + 2]!)).toBeCloseTo(1, 5);
      }
      const indices = gltf.accessors[primitive.indices]!;
      expect(indices.type).toBe('SCALAR');
      expect(indices.count % 3).toBe(0);
      expect(Math.max(...read(indices))).toBeLessThan(position.count);
    }
  });

  it('names the materials front and body, in PBR metallic-roughness, and uses both', () => {
    const names = gltf.materials.map((material) => material.name);
    expect(names).toEqual(expect.arrayContaining(['front', 'body']));
    for (const material of gltf.materials) {
      expect(material.pbrMetallicRoughness.baseColorFactor).toHaveLength(4);
      expect(material.pbrMetallicRoughness.metallicFactor).toBeGreaterThanOrEqual(0);
      expect(material.pbrMetallicRoughness.roughnessFactor).toBeLessThanOrEqual(1);
    }
    const used = gltf.meshes.flatMap((mesh) => mesh.primitives.map((primitive) => names[primitive.material]));
    expect(used).toEqual(expect.arrayContaining(['front', 'body']));
  });

  it('reaches every mesh from the default scene', () => {
    const scene = gltf.scenes[gltf.scene]!;
    const meshes = scene.nodes.map((node) => gltf.nodes[node]!.mesh);
    expect(new Set(meshes)).toEqual(new Set(gltf.meshes.map((_, index) => index)));
  });
});
