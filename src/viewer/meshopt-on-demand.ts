/**
 * The viewer file's stand-in for three.js's meshoptimizer decoder (put in its place by the build,
 * tsup.config.ts). model-viewer imports the decoder, whose module compiles its WebAssembly as soon as
 * it is evaluated, though model-viewer uses it only for meshopt-compressed models once a page has set
 * a decoder location. Under a Content-Security-Policy without 'wasm-unsafe-eval' (the partner
 * intranet's) that compile was refused on opening the 3D view, with a violation report and an
 * unhandled rejection. The stand-in loads the real decoder when something first waits for it.
 */
import type { MeshoptDecoderApi } from 'three/examples/jsm/libs/meshopt_decoder.module.js';

let real: MeshoptDecoderApi | undefined;
let loading: Promise<MeshoptDecoderApi> | undefined;

function load(): Promise<MeshoptDecoderApi> {
  loading ??= import('three/examples/jsm/libs/meshopt_decoder.module.js').then(({ MeshoptDecoder }) => (real = MeshoptDecoder));
  return loading;
}

/** The real decoder, for the synchronous calls: GLTFLoader makes them only after `ready`. */
function ready(): MeshoptDecoderApi {
  if (!real) throw new Error('The meshopt decoder was used before it was ready');
  return real;
}

export const MeshoptDecoder: MeshoptDecoderApi = {
  supported: typeof WebAssembly === 'object',
  get ready() {
    return load().then((decoder) => decoder.ready);
  },
  useWorkers: (count) => void load().then((decoder) => decoder.useWorkers(count)),
  decodeVertexBuffer: (...args) => ready().decodeVertexBuffer(...args),
  decodeIndexBuffer: (...args) => ready().decodeIndexBuffer(...args),
  decodeIndexSequence: (...args) => ready().decodeIndexSequence(...args),
  decodeGltfBuffer: (...args) => ready().decodeGltfBuffer(...args),
  decodeGltfBufferAsync: (...args) => load().then((decoder) => decoder.decodeGltfBufferAsync(...args)),
};
