/**
 * `@smartlock/contract/client`: the one call core of every client of the API (the console, the
 * device simulators, the server's test harness, the benchmarks). It signs with Web Crypto and
 * holds no schema, so the browser loads nothing it does not need.
 */
export {
  Caller,
  type CallerOptions,
  type CallParams,
  type CallSigning,
  type ParamsArg,
  type SignedCall,
} from './caller';
export { type AppCredentials, RequestSigner, type SignOptions } from './signer';
export { Timestamps, type WireParams, type WireValue, wireParams } from './wire';
