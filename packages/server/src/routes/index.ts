/** Every API route module, registered in one place. */
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.ts';

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
