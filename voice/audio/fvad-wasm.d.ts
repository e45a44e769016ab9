/** Types for npm `@echogarden/fvad-wasm` (an Emscripten build of libfvad, WebRTC's voice activity detector). */
declare module '@echogarden/fvad-wasm' {
  export interface FvadModule {
    _fvad_new(): number;
    _fvad_free(handle: number): void;
    _fvad_reset(handle: number): void;
    /** 0 on success, -1 for a mode outside 0–3. */
    _fvad_set_mode(handle: number, mode: number): number;
    /** 0 on success, -1 for a rate other than 8000, 16000, 32000 or 48000. */
    _fvad_set_sample_rate(handle: number, rate: number): number;
    /** 1 speech, 0 none, -1 for a frame length other than 10, 20 or 30 ms. */
    _fvad_process(handle: number, frame: number, length: number): number;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    /** The wasm memory as 16-bit samples; replaced when the memory grows, so read it at each use. */
    HEAP16: Int16Array;
  }
  const load: () => Promise<FvadModule>;
  export default load;
}
