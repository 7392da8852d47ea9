/** Every API route module, registered in one place. */
import type { FastifyInstance } from 'fastify';
import { authPluginRegistration } from '../auth/plugin.ts';
import { authRoutes } from './auth.ts';
import { healthRoutes } from './health.ts';

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  // First: sets req.principal for every route below (fastify-plugin, not encapsulated).
  await app.register(authPluginRegistration);
  await app.register(healthRoutes);
  await app.register(authRoutes);
}
