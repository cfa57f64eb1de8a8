/** three.js's meshoptimizer decoder (a plain JS module without types): what the stand-in forwards. */
declare module 'three/examples/jsm/libs/meshopt_decoder.module.js' {
  type Decode = (...args: never[]) => void;
  export interface MeshoptDecoderApi {
    supported: boolean;
    ready: Promise<void>;
    useWorkers(count: number): void;
    decodeVertexBuffer: Decode;
    decodeIndexBuffer: Decode;
    decodeIndexSequence: Decode;
    decodeGltfBuffer: Decode;
    decodeGltfBufferAsync(...args: never[]): Promise<Uint8Array>;
  }
  export const MeshoptDecoder: MeshoptDecoderApi;
}
