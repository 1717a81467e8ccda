// hls.js ships its light build (no alternate audio, subtitles or DRM: enough for our VOD classes,
// a third smaller) without a declaration file of its own; it has the full build's API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
