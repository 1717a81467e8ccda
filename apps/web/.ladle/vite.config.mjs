/**
 * The catalogue's Vite settings (Ladle adds React and the stories itself). Its own cache
 * folder: Ladle's Vite and the app's Vite are different versions.
 */
export default {
  cacheDir: 'node_modules/.vite-ladle',
  publicDir: false,
};
