// Writes demo/assets/charger.glb: a small binary glTF 2.0 model of the wall charger for the demo's
// 3D viewer. Boxes only (three.js's geometry, written here as GLB byte by byte): a body, a front fascia,
// a status light and a cable holster, with the materials `front` and `body` that the element recolours.
// Units are metres; the back faces the wall (−Z) and the front faces the viewer (+Z), as
// model-viewer's `ar-placement="wall"` expects.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BoxGeometry } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';

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

/** Positions, normals and triangle indices of a part's boxes: three.js's boxes (flat normals, counter-clockwise outside), merged. */
function partGeometry(boxes) {
  const geometry = mergeGeometries(
    boxes.map(([min, max]) => {
      const box = new BoxGeometry(max[0] - min[0], max[1] - min[1], max[2] - min[2]).translate(...min.map((low, axis) => (low + max[axis]) / 2));
      box.deleteAttribute('uv');
      return box;
    }),
  );
  geometry.computeBoundingBox();
  const { min, max } = geometry.boundingBox;
  return {
    positions: geometry.getAttribute('position').array,
    normals: geometry.getAttribute('normal').array,
    indices: geometry.index.array,
    bounds: { min: min.toArray(), max: max.toArray() },
  };
}

const padded = (length) => Math.ceil(length / 4) * 4;

/** The GLB file's bytes: a 12-byte header, the JSON chunk and the BIN chunk (glTF 2.0, "GLB File Format"). */
export function makeChargerGlb() {
  const chunks = [];
  let byteLength = 0;
  const bufferViews = [];
  const accessors = [];

  /** Appends a typed array as a bufferView (4-byte aligned) and an accessor over it; returns the accessor index. */
  function addAccessor(array, { type, componentType, target, bounds }) {
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
      ...bounds,
    });
    return accessors.length - 1;
  }

  const meshes = PARTS.map((part) => {
    const { positions, normals, indices, bounds } = partGeometry(part.boxes);
    const POSITION = addAccessor(positions, { type: 'VEC3', componentType: FLOAT, target: ARRAY_BUFFER, bounds });
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
