/** Every API route module, registered in one place. */
import type { FastifyInstance } from 'fastify';
import { authPluginRegistration } from '../http/authPlugin.ts';
import { maintenanceGateRegistration } from '../http/maintenanceGate.ts';
import { subsonicRoutes } from '../subsonic/index.ts';
import { adminRoutes } from './admin.ts';
import { appPasswordRoutes } from './appPasswords.ts';
import { authRoutes } from './auth.ts';
import { backupsRoutes } from './backups.ts';
import { consoleRoutes } from './console.ts';
import { coversRoutes } from './covers.ts';
import { credentialsRoutes } from './credentials.ts';
import { feedbackRoutes } from './feedback.ts';
import { healthRoutes } from './health.ts';
import { invitationRoutes } from './invitations.ts';
import { librariesRoutes } from './libraries.ts';
import { listeningRoutes } from './listening.ts';
import { listsRoutes } from './lists.ts';
import { mediaRoutes } from './media.ts';
import { metricsRoutes } from './metrics.ts';
import { playlistRoutes } from './playlist.ts';
import { recommenderRoutes } from './recommender.ts';
import { reviewRoutes } from './review.ts';
import { searchRoutes } from './search.ts';
import { serverInfoRoutes } from './serverInfo.ts';
import { sessionRoutes } from './sessions.ts';
import { setupRoutes } from './setup.ts';
import { subtitleRoutes } from './subtitles.ts';
import { tracksRoutes } from './tracks.ts';
import { voteRoutes } from './vote.ts';
import { workRoutes } from './work.ts';
import { worksRoutes } from './works.ts';

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  // First: sets req.principal for every route below (fastify-plugin, not encapsulated).
  await app.register(authPluginRegistration);
  // Then: a site closed for maintenance answers 503 to all but administrators.
  await app.register(maintenanceGateRegistration);
  await app.register(healthRoutes);
  await app.register(serverInfoRoutes);
  await app.register(authRoutes);
  await app.register(appPasswordRoutes);
  await app.register(sessionRoutes);
  await app.register(reviewRoutes);
  await app.register(voteRoutes);
  await app.register(playlistRoutes);
  await app.register(recommenderRoutes);
  await app.register(adminRoutes);
  await app.register(setupRoutes);
  await app.register(librariesRoutes);
  await app.register(backupsRoutes);
  await app.register(credentialsRoutes);
  await app.register(consoleRoutes);
  await app.register(invitationRoutes);
  await app.register(subtitleRoutes);
  await app.register(metricsRoutes);
  await app.register(feedbackRoutes);
  await app.register(listeningRoutes);
  await app.register(worksRoutes);
  await app.register(searchRoutes);
  await app.register(workRoutes);
  await app.register(listsRoutes);
  await app.register(tracksRoutes);
  await app.register(mediaRoutes);
  await app.register(coversRoutes);
  // The OpenSubsonic API at /rest: its own envelope and errors (subsonic/README.md).
  await app.register(subsonicRoutes);
}
