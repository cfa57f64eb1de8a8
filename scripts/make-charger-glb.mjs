// Writes demo/assets/charger.glb: a small binary glTF 2.0 model of the wall charger for the demo's
// 3D viewer. Boxes only, built here byte by byte: a body, a front fascia, a status light and a cable
// holster, with the materials `front` and `body` that the element recolours.
// Units are metres; the back faces the wall (−Z) and the front faces the viewer (+Z), as
// model-viewer's `ar-placement="wall"` expects.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

/** Every part is a list of boxes ([minX, minY, minZ], [maxX, maxY, maxZ]) sharing one material. */
const PARTS = [
  { name: 'body', material: 'body', boxes: [[[-0.11, -0.17, 0], [0.11, 0.17, 0.07]]] },
  { name: 'front', material: 'front', boxes: [[[-0.115, -0.175, 0.07], [0.115, 0.175, 0.085]]] },
  {
    name: 'trim',
    material: 'trim',
    boxes: [
      // Status light strip across the top of the fascia.
      [[-0.05, 0.12, 0.085], [0.05, 0.128, 0.088]],
      // Cable holster on the right-hand side.
      [[0.11, -0.06, 0.012], [0.15, 0, 0.058]],
    ],
  },
];

/** PBR metallic-roughness; base colours are linear, close to the catalogue's defaults. */
const MATERIALS = [
  { name: 'front', pbrMetallicRoughness: { baseColorFactor: [0.008, 0.009, 0.011, 1], metallicFactor: 0, roughnessFactor: 0.6 } },
  { name: 'body', pbrMetallicRoughness: { baseColorFactor: [0.258, 0.279, 0.305, 1], metallicFactor: 0.6, roughnessFactor: 0.35 } },
  { name: 'trim', pbrMetallicRoughness: { baseColorFactor: [0.02, 0.02, 0.02, 1], metallicFactor: 0, roughnessFactor: 0.8 } },
];

/**
 * The six faces of a box: the axis it faces along, its sign, and two in-plane axes ordered so that
 * u × v points outwards, which makes (0, 1, 2) and (0, 2, 3) counter-clockwise seen from outside.
 */
const FACES = [
  { axis: 0, sign: 1, u: 1, v: 2 },
  { axis: 0, sign: -1, u: 2, v: 1 },
  { axis: 1, sign: 1, u: 2, v: 0 },
  { axis: 1, sign: -1, u: 0, v: 2 },
  { axis: 2, sign: 1, u: 0, v: 1 },
  { axis: 2, sign: -1, u: 1, v: 0 },
];
const CORNERS = [
  [-1, -1],
  [1, -1],
  [1, 1],
  [-1, 1],
];

/** Positions, normals and triangle indices of a part's boxes (four vertices per face, for flat normals). */
function partGeometry(boxes) {
  const positions = [];
  const normals = [];
  const indices = [];
  for (const [min, max] of boxes) {
    for (const { axis, sign, u, v } of FACES) {
      const first = positions.length / 3;
      for (const [du, dv] of CORNERS) {
        const point = [0, 0, 0];
        point[axis] = sign > 0 ? max[axis] : min[axis];
        point[u] = du > 0 ? max[u] : min[u];
        point[v] = dv > 0 ? max[v] : min[v];
        const normal = [0, 0, 0];
        normal[axis] = sign;
        positions.push(...point);
        normals.push(...normal);
      }
      indices.push(first, first + 1, first + 2, first, first + 2, first + 3);
    }
  }
  return { positions: new Float32Array(positions), normals: new Float32Array(normals), indices: new Uint16Array(indices) };
}

const padded = (length) => Math.ceil(length / 4) * 4;

function bounds(positions) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let axis = 0; axis < 3; axis += 1) {
      min[axis] = Math.min(min[axis], positions[i + axis]);
      max[axis] = Math.max(max[axis], positions[i + axis]);
    }
  }
  return { min, max };
}

/** The GLB file's bytes: a 12-byte header, the JSON chunk and the BIN chunk (glTF 2.0, "GLB File Format"). */
export function makeChargerGlb() {
  const chunks = [];
  let byteLength = 0;
  const bufferViews = [];
  const accessors = [];

  /** Appends a typed array as a bufferView (4-byte aligned) and an accessor over it; returns the accessor index. */
  function addAccessor(array, { type, componentType, target, withBounds = false }) {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    bufferViews.push({ buffer: 0, byteOffset: byteLength, byteLength: bytes.length, target });
    chunks.push(bytes, new Uint8Array(padded(bytes.length) - bytes.length));
    byteLength += padded(bytes.length);
    const components = type === 'VEC3' ? 3 : 1;
    accessors.push({
      bufferView: bufferViews.length - 1,
      componentType,
      count: array.length / components,
      type,
      ...(withBounds && bounds(array)),
    });
    return accessors.length - 1;
  }

  const meshes = PARTS.map((part) => {
    const { positions, normals, indices } = partGeometry(part.boxes);
    const POSITION = addAccessor(positions, { type: 'VEC3', componentType: FLOAT, target: ARRAY_BUFFER, withBounds: true });
    const NORMAL = addAccessor(normals, { type: 'VEC3', componentType: FLOAT, target: ARRAY_BUFFER });
    const index = addAccessor(indices, { type: 'SCALAR', componentType: UNSIGNED_SHORT, target: ELEMENT_ARRAY_BUFFER });
    const material = MATERIALS.findIndex((m) => m.name === part.material);
    return { name: part.name, primitives: [{ attributes: { POSITION, NORMAL }, indices: index, material, mode: 4 }] };
  });

  const gltf = {
    asset: { version: '2.0', generator: 'ev-charger-configurator scripts/make-charger-glb.mjs' },
    scene: 0,
    scenes: [{ name: 'Charger', nodes: PARTS.map((_, index) => index) }],
    nodes: PARTS.map((part, index) => ({ name: part.name, mesh: index })),
    meshes,
    materials: MATERIALS,
    accessors,
    bufferViews,
    buffers: [{ byteLength }],
  };

  // The JSON chunk is padded with spaces and the BIN chunk with zeros, each to 4 bytes.
  const json = new TextEncoder().encode(JSON.stringify(gltf));
  const jsonLength = padded(json.length);
  const total = 12 + 8 + jsonLength + 8 + byteLength;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); // "glTF"
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // "JSON"
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(json, 20);
  let offset = 20 + jsonLength;
  view.setUint32(offset, byteLength, true);
  view.setUint32(offset + 4, 0x004e4942, true); // "BIN\0"
  offset += 8;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export const CHARGER_GLB_PATH = fileURLToPath(new URL('../demo/assets/charger.glb', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = makeChargerGlb();
  mkdirSync(dirname(CHARGER_GLB_PATH), { recursive: true });
  writeFileSync(CHARGER_GLB_PATH, bytes);
  console.log(`${CHARGER_GLB_PATH}: ${bytes.length} bytes`);
}
