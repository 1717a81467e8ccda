/**
 * The PostgreSQL channels the database uses to tell API processes what changed (see
 * src/change-listener.ts): the content import and triggers on plans, prices and pack
 * items notify `content`; triggers on users' subscriptions and purchases notify `viewer` with the
 * user's id (migration 0011); the code that saves progress notifies `progress` with the users.
 */
export const changeChannels = {
  content: 'alcancia_content_changed',
  viewer: 'alcancia_viewer_changed',
  /** learners' progress (academy/progress-cache.ts): only the dedicated listener hears it */
  progress: 'alcancia_progress_changed',
  /**
   * access tokens to refuse before they expire (every session ended: logout, a password change or
   * reset, a reused refresh token, a role given, support ending them; a deleted account): JSON
   * { userId, sessionIds? } (plugins/authentication.ts, auth/sessions.ts endSessions)
   */
  sessions: 'alcancia_sessions_revoked',
  /**
   * a tus request waits for an upload another request holds: the holder's token, whose request
   * then gives the upload up (admin/content/upload-locker.ts); only the dedicated listener hears it
   */
  uploadLocks: 'alcancia_upload_lock_release',
} as const;

/**
 * Run by every pool connection: content and access change rarely, and hearing its own writes
 * lets a process forget before they resolve. Progress changes on every save: the saving code
 * forgets it itself, so pool connections stay off that channel.
 */
export const listenToChanges = `listen ${changeChannels.content}; listen ${changeChannels.viewer}; listen ${changeChannels.sessions}`;

/**
 * Run by each process's dedicated listener: every channel, for what other processes write. A
 * process asks its own uploads' holders directly, so pool connections stay off that channel too.
 */
export const listenToAllChanges = `${listenToChanges}; listen ${changeChannels.progress}; listen ${changeChannels.uploadLocks}`;
