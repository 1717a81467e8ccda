/**
 * Ladle, the living catalogue of the design system (docs/design-system.md):
 * `npm run catalogue` serves it, `npm run catalogue:build` writes a static copy.
 * Ladle brings its own Vite; it reads .ladle/vite.config.mjs, never the app's vite.config.ts, so
 * the app's build and bundles do not change.
 * @type {import('@ladle/react').UserConfig}
 */
export default {
  stories: 'src/ui/**/*.stories.tsx',
  viteConfig: '.ladle/vite.config.mjs',
  outDir: 'catalogue-dist',
  addons: {
    // axe-core checks the story on demand (the "a11y" button)
    a11y: { enabled: true },
    msw: { enabled: false },
    width: {
      enabled: true,
      options: { '320 px': 320, '375 px': 375, '768 px': 768, '1440 px': 1440 },
      defaultState: 0,
    },
  },
};
