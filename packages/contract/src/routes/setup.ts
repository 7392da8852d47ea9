/** First run: while no administrator exists, anyone may create the first one (docs/console.md). */
import * as Type from 'typebox/type';
import { AuthAnswer } from '../api.ts';
import { defineRoute } from './define.ts';
import { Refusals, Str } from './fields.ts';

export const setup = {
  status: defineRoute({
    method: 'GET',
    path: '/api/setup',
    tags: ['setup'],
    summary: 'Whether the server still needs its first administrator',
    response: { 200: Type.Object({ needed: Type.Boolean() }) },
  }),
  createAdmin: defineRoute({
    method: 'POST',
    path: '/api/setup',
    tags: ['setup'],
    summary: 'Create the first administrator and sign in; 409 SETUP_DONE once one exists',
    description:
      'Race-safe: of two requests at once exactly one creates the account; the other answers 409 SETUP_DONE.',
    body: Type.Object({ name: Str(200), password: Str(1000) }),
    response: { 200: AuthAnswer, ...Refusals },
  }),
};
