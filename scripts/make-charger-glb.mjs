// Writes demo/assets/charger.glb: a small binary glTF 2.0 model of the wall charger for the demo's
// 3D viewer. Boxes only (three.js's geometry, written as GLB by glTF Transform): a body, a front fascia,
// a status light and a cable holster, with the materials `front` and `body` that the element recolours.
// Units are metres; the back faces the wall (−Z) and the front faces the viewer (+Z), as
// model-viewer's `ar-placement="wall"` expects.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Document, NodeIO } from '@gltf-transform/core';
import { BoxGeometry } from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';

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
  { name: 'front', baseColor: [0.008, 0.009, 0.011, 1], metallic: 0, roughness: 0.6 },
  { name: 'body', baseColor: [0.258, 0.279, 0.305, 1], metallic: 0.6, roughness: 0.35 },
  { name: 'trim', baseColor: [0.02, 0.02, 0.02, 1], metallic: 0, roughness: 0.8 },
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
  return {
    positions: geometry.getAttribute('position').array,
    normals: geometry.getAttribute('normal').array,
    indices: geometry.index.array,
  };
}

/** The GLB file's bytes: one scene of a node per part, each a mesh of one primitive (triangles). */
export async function makeChargerGlb() {
  const document = new Document();
  document.createBuffer();
  const materials = new Map(
    MATERIALS.map(({ name, baseColor, metallic, roughness }) => [
      name,
      document.createMaterial(name).setBaseColorFactor(baseColor).setMetallicFactor(metallic).setRoughnessFactor(roughness),
    ]),
  );
  const accessor = (array, type) => document.createAccessor().setType(type).setArray(array);
  const scene = document.createScene('Charger');
  document.getRoot().setDefaultScene(scene);
  for (const part of PARTS) {
    const { positions, normals, indices } = partGeometry(part.boxes);
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', accessor(positions, 'VEC3'))
      .setAttribute('NORMAL', accessor(normals, 'VEC3'))
      .setIndices(accessor(indices, 'SCALAR'))
      .setMaterial(materials.get(part.material));
    scene.addChild(document.createNode(part.name).setMesh(document.createMesh(part.name).addPrimitive(primitive)));
  }
  return new NodeIO().writeBinary(document);
}

export const CHARGER_GLB_PATH = fileURLToPath(new URL('../demo/assets/charger.glb', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await makeChargerGlb();
  mkdirSync(dirname(CHARGER_GLB_PATH), { recursive: true });
  writeFileSync(CHARGER_GLB_PATH, bytes);
  console.log(`${CHARGER_GLB_PATH}: ${bytes.length} bytes`);
}
