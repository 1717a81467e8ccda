/** Banner, the design system's message (the code is in feedback.tsx, with Spinner: see there). */
export { Banner, type BannerTone } from './feedback';
