/**
 * The PostgreSQL channels the database uses to tell API processes what changed (see
 * modules/academy/change-listener.ts): the content import and triggers on plans, prices and pack
 * items notify `content`; triggers on users' subscriptions and purchases notify `viewer` with the
 * user's id (migration 0011).
 */
export const changeChannels = {
  content: 'alcancia_content_changed',
  viewer: 'alcancia_viewer_changed',
} as const;

/** Run once by every connection that should hear them. */
export const listenToChanges = `listen ${changeChannels.content}; listen ${changeChannels.viewer}`;
