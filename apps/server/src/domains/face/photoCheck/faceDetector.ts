import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';
import type { RgbImage } from './rgbImage';

/**
 * Face detection with @vladmandic/human (MIT): MediaPipe BlazeFace finds the faces, MediaPipe
 * FaceMesh places 468 landmarks on each (both Apache-2.0 models, shipped in the package's models/
 * folder). It runs on TensorFlow.js with the WebAssembly backend, whose .wasm binaries ship in
 * @tensorflow/tfjs-backend-wasm: nothing is downloaded and nothing native is built.
 *
 * The package's `exports` only offer its tfjs-node build (a native addon), so its node-wasm build,
 * which needs just tfjs-core, tfjs-converter and tfjs-backend-wasm, is loaded by file path.
 */

/** One face, in the pixels of the image that was searched. */
export interface FoundFace {
  /** The face itself (brow to chin, cheek to cheek), from its landmarks. */
  box: { x: number; y: number; width: number; height: number };
  /** BlazeFace's confidence that this box holds a face, 0–1. */
  detectorScore: number;
  /** FaceMesh's confidence in the landmarks, 0–1. */
  landmarkScore: number;
  /** Centre of the eye on the image's left (the person's right eye), and of the other one. */
  leftEye: [number, number];
  rightEye: [number, number];
  noseTip: [number, number];
}

/** FaceMesh landmark indices: eye corners and the tip of the nose. */
const MESH = { leftEyeOuter: 33, leftEyeInner: 133, rightEyeInner: 362, rightEyeOuter: 263, noseTip: 1 } as const;

/** Detections below this BlazeFace / FaceMesh confidence are dropped as noise. */
const DETECTION_FLOOR = 0.2;
/** Up to this many faces are reported: enough to say "more than one". */
const MAX_FACES = 5;

type HumanModule = typeof import('@vladmandic/human');

let loading: Promise<Human> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Loads the models once (lazily, on first use) and keeps them. A failed load is forgotten so that
 * the next call tries again.
 */
export function loadFaceDetector(): Promise<Human> {
  loading ??= createDetector().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function createDetector(): Promise<Human> {
  const require = createRequire(import.meta.url);
  const humanDist = dirname(require.resolve('@vladmandic/human')); // …/human/dist (its tfjs-node build)
  const { Human: HumanClass } = require(join(humanDist, 'human.node-wasm.js')) as HumanModule;
  const modelDir = join(humanDist, '..', 'models');
  const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const config: Partial<Config> = {
    backend: 'wasm',
    wasmPath: `${wasmDir}/`,
    modelBasePath: `${pathToFileURL(modelDir).href}/`,
    debug: false,
    async: true,
    warmup: 'none',
    cacheSensitivity: 0, // every photo is new: never reuse a previous frame's result
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: {
        rotation: true, // straighten each face before placing landmarks, so a tilted head measures its real tilt
        maxDetected: MAX_FACES,
        minConfidence: DETECTION_FLOOR,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      mesh: { enabled: true },
      iris: { enabled: false },
      attention: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  };
  const human = new HumanClass(config);
  registerFileLoader(human);
  await human.load();
  // Human logs a model that fails to load and carries on without it: that would find no face, ever.
  const missing = ['blazeface', 'facemesh'].filter((name) => !human.models.loaded().includes(name));
  if (missing.length > 0) throw new Error(`face detection models did not load: ${missing.join(', ')}`);
  return human;
}

let fileLoaderRegistered = false;

/**
 * TensorFlow.js in Node reads models over HTTP unless tfjs-node (native) is there: this teaches it
 * to read `file://` model URLs (a model.json and its weight files) from disk.
 */
function registerFileLoader(human: Human): void {
  // Once: tfjs refuses a model URL that two loaders claim (this matters when a failed load is retried).
  if (fileLoaderRegistered) return;
  fileLoaderRegistered = true;
  human.tf.io.registerLoadRouter((url: string | string[]) => {
    const path = Array.isArray(url) ? url[0] : url;
    if (typeof path !== 'string' || !path.startsWith('file://')) return null;
    const file = fileURLToPath(path);
    return {
      load: async () => {
        const model = JSON.parse(readFileSync(file, 'utf8')) as {
          modelTopology: object;
          format?: string;
          generatedBy?: string;
          convertedBy?: string | null;
          signature?: object;
          userDefinedMetadata?: Record<string, unknown>;
          weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
        };
        const weights = Buffer.concat(
          model.weightsManifest.flatMap((group) => group.paths.map((p) => readFileSync(join(dirname(file), p)))),
        );
        return {
          modelTopology: model.modelTopology,
          format: model.format,
          generatedBy: model.generatedBy,
          convertedBy: model.convertedBy,
          signature: model.signature,
          userDefinedMetadata: model.userDefinedMetadata,
          weightSpecs: model.weightsManifest.flatMap((group) => group.weights),
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        } as Parameters<Human['tf']['io']['fromMemorySync']>[0];
      },
    };
  });
}

/**
 * Finds the faces in an image (best keep it ≤ 640 px a side: the detector looks at 256 px anyway).
 * Calls are queued: the library keeps per-call state and is not safe to run twice at once.
 */
export function detectFaces(image: RgbImage): Promise<FoundFace[]> {
  const run = () => detectNow(image);
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

async function detectNow(image: RgbImage): Promise<FoundFace[]> {
  const human = await loadFaceDetector();
  const input = human.tf.tensor4d(Float32Array.from(image.data), [1, image.height, image.width, 3], 'float32');
  try {
    const result = await human.detect(input);
    if (result.error) throw new Error(`face detection failed: ${result.error}`);
    return result.face.flatMap((face): FoundFace[] => {
      const point = (i: number): [number, number] => {
        const p = face.mesh[i];
        return p ? [p[0], p[1]] : [Number.NaN, Number.NaN];
      };
      const mid = (a: [number, number], b: [number, number]): [number, number] => [
        (a[0] + b[0]) / 2,
        (a[1] + b[1]) / 2,
      ];
      if (face.mesh.length <= MESH.rightEyeInner) return []; // no landmarks: not a usable face
      const [x, y, width, height] = face.box;
      return [
        {
          box: { x, y, width, height },
          detectorScore: face.boxScore,
          landmarkScore: face.faceScore,
          leftEye: mid(point(MESH.leftEyeOuter), point(MESH.leftEyeInner)),
          rightEye: mid(point(MESH.rightEyeInner), point(MESH.rightEyeOuter)),
          noseTip: point(MESH.noseTip),
        },
      ];
    });
  } finally {
    input.dispose();
  }
}
