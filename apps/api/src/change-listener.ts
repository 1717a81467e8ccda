import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { changeChannels, listenToAllChanges } from './db/change-channels';
import { forgetContent } from './modules/academy/content-cache';
import { progressChanged } from './modules/academy/progress-cache';
import { forgetViewer } from './modules/academy/viewer';
import { uploadLockReleaseRequested } from './modules/admin/content/upload-locker';
import { applyRevocationNotice } from './plugins/authentication';

/**
 * Listens for the life of the app on the content channel (the content import, plans: forget every
 * content cache), the viewer channel (a user's subscription or purchases changed: forget her) and
 * the progress channel (learners saved progress in another process: forget theirs), and hands the
 * uploads channel to the tus locker (a request in another process waits for an upload one of ours
 * holds: modules/admin/content/upload-locker.ts).
 *
 * PostgreSQL server: a dedicated connection hears what other processes commit (it reconnects
 * after a loss, and forgets everything then, since a notification may have been missed); and every
 * connection of the app's own pool listens too (db/client.ts), because PostgreSQL hands a session
 * its own notifications before it answers the COMMIT: whatever this process writes (a grant, a
 * test's SQL) is forgotten before the write's promise resolves, so the next request reads it.
 * PGlite (one connection) delivers the same way through its own listener.
 */
export function listenForChanges(app: FastifyInstance): void {
  const db = app.db;
  const viewerChanged = (userId: string) => forgetViewer(db, userId);
  const onNotification = (message: pg.Notification) => {
    if (message.channel === changeChannels.content) forgetContent();
    else if (message.channel === changeChannels.viewer && message.payload) viewerChanged(message.payload);
    else if (message.channel === changeChannels.progress && message.payload)
      progressChanged(db, message.payload);
    else if (message.channel === changeChannels.sessions && message.payload)
      applyRevocationNotice(app.accessTokens, message.payload);
    else if (message.channel === changeChannels.uploadLocks && message.payload)
      uploadLockReleaseRequested(message.payload);
  };
  const client = (app.db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      const stops = [
        await client.listen(changeChannels.content, forgetContent),
        await client.listen(changeChannels.viewer, viewerChanged),
        await client.listen(changeChannels.progress, (payload) => progressChanged(db, payload)),
        await client.listen(changeChannels.sessions, (payload) =>
          applyRevocationNotice(app.accessTokens, payload),
        ),
        await client.listen(changeChannels.uploadLocks, uploadLockReleaseRequested),
      ];
      stop = async () => {
        for (const unlisten of stops) await unlisten();
      };
    });
    app.addHook('onClose', async () => {
      await stop?.().catch(() => undefined);
    });
    return;
  }
  if (!(client instanceof pg.Pool)) return;
  const poolNotifications = app.database.notifications;
  poolNotifications?.on('notification', onNotification);
  app.addHook('onClose', async () => {
    poolNotifications?.off('notification', onNotification);
  });
  const options = client.options;
  let closing = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** Never throws: a failed attempt is retried in the background. */
  const connect = async () => {
    retry = null;
    const listener = new pg.Client({ ...options, application_name: 'alcancia change listener' });
    current = listener;
    const lost = (error?: Error) => {
      if (current !== listener) return;
      current = null;
      forgetContent();
      listener.end().catch(() => undefined);
      if (closing) return;
      if (error) app.log.warn({ err: error }, 'change listener lost its connection; reconnecting');
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    };
    // What this process's own connections wrote, it has already forgotten (they hear it first).
    listener.on('notification', (message) => {
      if (!app.database.ownBackendPids.has(message.processId)) onNotification(message);
    });
    listener.on('error', lost);
    listener.on('end', () => lost());
    try {
      await listener.connect();
      await listener.query(listenToAllChanges);
      // Anything cached before the listener was in place may predate a change it did not hear.
      forgetContent();
    } catch (error) {
      lost(error as Error);
    }
  };
  // The app is ready once it listens (or has failed to once and keeps trying in the background).
  app.addHook('onReady', connect);
  app.addHook('onClose', async () => {
    closing = true;
    if (retry) clearTimeout(retry);
    const listener = current;
    current = null;
    await listener?.end().catch(() => undefined);
  });
}
